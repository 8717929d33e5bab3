import { isSheetFamily, type LotteryFamily } from '@app/contract';
import type { ConsoleT } from '../hooks/useConsoleText.ts';

/** A lottery family as the desks name it (the official lotteries by their own names). */
export const familyName = (t: ConsoleT, family: LotteryFamily) =>
  t((isSheetFamily(family) ? `ld_family_${family}` : `lg_family_${family}`) as Parameters<ConsoleT>[0]);
