import { useRegisterSetting } from '../api/registerSetting.ts';
import { useFormMessages } from '../../../lib/forms/messages.ts';

/** The brand's password rule as a hint under password fields ("6-20 characters combining …"). */
export const usePasswordRuleHint = (field: 'password' | 'paymentPassword' = 'password'): string | undefined => {
  const setting = useRegisterSetting();
  const messages = useFormMessages();
  const rule = setting.fields.find((f) => f.field === field)?.rule;
  return rule
    ? messages.issue({
        key: `pattern_${rule.patternId}`,
        params: { min: rule.minLength, max: rule.maxLength },
        message: '',
      })
    : undefined;
};
