import en, { type SiteDeskText } from './en.ts';

/** The console's ES, JA and TH tables may follow English, key for key (decision 060). */
const es: SiteDeskText = { ...en };

export default es;
