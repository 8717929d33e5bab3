import en, { type ConsoleText } from './en.ts';

/** Operator console texts: staff use the console in Portuguese or English; this table follows English. */
const table: ConsoleText = { ...en };

export default table;
