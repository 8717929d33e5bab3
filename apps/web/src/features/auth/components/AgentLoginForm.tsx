import type { LoginValue } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAfterLogin } from '../hooks/afterLogin.ts';
import { UsernameLoginForm } from './UsernameLoginForm.tsx';
import '../auth.css';

/**
 * The /agent login (spec §2, §6): username type only; a non-agent gets 'Non-agents cannot log in'
 * from the server; success goes to /agentHome, after the change-password modal when it is forced.
 */
export function AgentLoginForm() {
  const navigate = useNavigate();
  const afterLogin = useAfterLogin();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  const onSuccess = async (value: LoginValue) => {
    if ((await afterLogin(value, 'agent')) === 'done') void navigate('/agentHome', { replace: true });
  };
  return (
    <UsernameLoginForm
      area="agent"
      compact
      captchaNeeded={captchaNeeded}
      onCaptchaNeeded={setCaptchaNeeded}
      onSuccess={(v) => void onSuccess(v)}
    />
  );
}
