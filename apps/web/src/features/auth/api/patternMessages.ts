import { PATTERN_MESSAGES_EN, formatRuleMessage, type PatternId, type RuleViolation } from '@app/contract';

/** Spec §5: the message of a failed field rule comes from its patternId, with min and max. */
const PATTERN_MESSAGES_PT: Record<PatternId, string> = {
  ANY: 'Digite de {{min}} a {{max}} caracteres',
  LETTER_FIRST_ALNUM: 'Digite de {{min}} a {{max}} letras ou números, começando com uma letra',
  CHINESE_DIGITS: 'Digite de {{min}} a {{max}} caracteres chineses ou números',
  EMAIL: 'Formato de e-mail incorreto',
  ALPHANUMERIC: 'Digite de {{min}} a {{max}} letras ou números',
  LETTERS_AND_DIGITS: 'Digite de {{min}} a {{max}} caracteres combinando letras e números',
  DIGITS: 'Digite de {{min}} a {{max}} números',
  ALNUM_WITH_UPPER: 'Digite de {{min}} a {{max}} letras ou números, com pelo menos uma letra maiúscula',
  ENGLISH_SPACES: 'Digite de {{min}} a {{max}} letras ou espaços',
  NO_SPACES: 'Digite de {{min}} a {{max}} caracteres sem espaços',
  CHINESE_PUNCT: 'Digite de {{min}} a {{max}} caracteres chineses',
  DATE: 'Digite a data como aaaa-MM-dd ou MM-dd-aaaa',
  KOREAN: 'Digite de {{min}} a {{max}} caracteres coreanos',
  THAI: 'Digite de {{min}} a {{max}} caracteres tailandeses',
  THAI_ENGLISH_SPACES: 'Digite de {{min}} a {{max}} letras tailandesas, inglesas ou espaços',
  UPPER_SPACES: 'Digite de {{min}} a {{max}} letras maiúsculas ou espaços',
  LETTERS_DIGITS_SYMBOLS: 'Digite de {{min}} a {{max}} letras, números ou símbolos',
};

export const ruleMessage = (violation: RuleViolation, language: string): string => {
  const id = violation.key.replace(/^pattern_/, '') as PatternId;
  const table = language === 'pt' ? PATTERN_MESSAGES_PT : PATTERN_MESSAGES_EN;
  return formatRuleMessage(violation, table[id] ?? PATTERN_MESSAGES_EN.ANY);
};
