import { useEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../components/ui/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { checkAffiliateCode } from '../api/affiliate.ts';

export interface InvitationCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
  required: boolean;
  /** Pre-filled from /register?referralCode= (spec §2): checked at once. */
  fromLink: boolean;
}

/**
 * The invitation (affiliate) code (spec §3, §7 /wps/agent/affiliate): checked when it loses focus
 * and when it came from a link; an unknown code alerts 'invitation_code_error' (spec §8).
 */
export function InvitationCodeField({
  value,
  onChange,
  onBlur,
  name,
  ref,
  error,
  required,
  fromLink,
}: InvitationCodeFieldProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<{ code: string; agent: string | null } | null>(null);
  const checked = useRef<string | null>(null);

  const check = async (code: string) => {
    const trimmed = code.trim();
    if (!trimmed || checked.current === trimmed) return;
    checked.current = trimmed;
    const result = await checkAffiliateCode(trimmed);
    if (result.ok) setStatus({ code: trimmed, agent: result.value.agent });
    else if (!result.network) {
      setStatus({ code: trimmed, agent: null });
      showToast(t('invitation_code_error'), 'error');
    }
  };

  useEffect(() => {
    if (fromLink && value) void check(value);
    // Only the pre-filled code is checked on open; later edits are checked on blur.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const current = status && status.code === value.trim() ? status : null;
  return (
    <Input
      label={t('affiliate_code')}
      icon="gift"
      autoComplete="off"
      name={name}
      ref={ref}
      value={value}
      required={required}
      onChange={(e) => {
        onChange(e.target.value);
        checked.current = null;
      }}
      onBlur={() => {
        onBlur();
        void check(value);
      }}
      error={error ?? (current && current.agent === null ? t('invitation_code_error') : undefined)}
      hint={current?.agent ? t('invitation_valid', { agent: current.agent }) : undefined}
      data-testid="register-affiliate"
    />
  );
}
