import { QueryClientProvider } from '@tanstack/react-query';
import { BootGate } from '../features/system/index.ts';
import { queryClient } from '../lib/api/index.ts';
import { AppRouter } from './AppRouter.tsx';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BootGate>
        <AppRouter />
      </BootGate>
    </QueryClientProvider>
  );
}
