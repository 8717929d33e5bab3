/** Help-centre topics in tab order; `/help#<topic>` opens the help centre on that topic (spec §2). */
export const HELP_TOPICS = [
  'about',
  'account',
  'deposit',
  'withdraw',
  'games',
  'promotions',
  'responsible',
  'agents',
  'term',
  'privacy',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

export const isHelpTopic = (value: string): value is HelpTopic => (HELP_TOPICS as readonly string[]).includes(value);
