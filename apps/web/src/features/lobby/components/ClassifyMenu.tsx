import type { ClassifyEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../components/ui/index.ts';

/** The classify menu: shown only when there is more than one entry (spec §2). */
export function ClassifyMenu({
  entries,
  value,
  onChange,
}: {
  entries: readonly ClassifyEntry[];
  value: string;
  onChange: (key: string) => void;
}) {
  const { t } = useTranslation();
  if (entries.length <= 1) return null;
  return (
    <div className="classify-menu" data-testid="classify-menu">
      <Tabs
        items={entries.map((e) => ({ id: e.key, label: e.displayName }))}
        value={value}
        onChange={onChange}
        label={t('classify_label')}
        variant="underline"
      />
    </div>
  );
}

/** Entries that apply to the chosen vendor (their vendors map names it), All always first. */
export const classifyFor = (entries: readonly ClassifyEntry[] | undefined, vendor: string): ClassifyEntry[] =>
  (entries ?? []).filter((e) => e.key === 'ALL' || vendor === 'ALL' || (e.vendors[vendor] ?? 0) > 0);
