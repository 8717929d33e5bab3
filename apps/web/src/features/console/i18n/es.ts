import en, { type ConsoleText } from './en.ts';

/**
 * Operator console texts: staff work in PT, EN, ZH or VI, so this table follows English key for
 * key. The coverage test (decision 060) allows exactly this for the console's ES, JA and TH tables.
 */
const table: ConsoleText = { ...en };

export default table;
