import en, { type SupportText } from './en.ts';

/** The chat room's texts: this language follows English until it is translated (PT and EN are complete). */
const table: SupportText = { ...en };

export default table;
