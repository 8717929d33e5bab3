import { useState, type ReactNode } from 'react';
import { Button, Input, Modal } from '../../../components/ui/index.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** Asks for the text an action needs (a reason, a note, a payout reference) before it runs. */
export function PromptModal({
  title,
  label,
  required = true,
  busy,
  error,
  onSubmit,
  onClose,
  extra,
  t,
}: {
  title: string;
  label: string;
  required?: boolean;
  busy: boolean;
  error?: string | null;
  onSubmit: (text: string) => void;
  onClose: () => void;
  extra?: ReactNode;
  t: ConsoleT;
}) {
  const [text, setText] = useState('');
  const short = required && text.trim().length < 3;
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      testId="console-prompt"
      footer={
        <div className="console-actions">
          <Button variant="ghost" onClick={onClose}>
            {t('cs_cancel')}
          </Button>
          <Button onClick={() => onSubmit(text.trim())} disabled={short} loading={busy} data-testid="console-prompt-ok">
            {t('cs_confirm')}
          </Button>
        </div>
      }
    >
      {extra}
      <Input
        label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={300}
        required={required}
        error={error ?? undefined}
        data-testid="console-prompt-text"
      />
    </Modal>
  );
}
