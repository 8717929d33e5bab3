import { DepositPage } from './components/DepositPage.tsx';
import { FeedbackPage } from './components/FeedbackPage.tsx';
import { MessagesPage } from './components/MessagesPage.tsx';
import { PersonalProfitPage } from './components/PersonalProfitPage.tsx';
import { TransactionHistoryPage } from './components/TransactionHistoryPage.tsx';
import { TransferFundPage } from './components/TransferFundPage.tsx';
import { TransferUplinePage } from './components/TransferUplinePage.tsx';
import { WithdrawPage } from './components/WithdrawPage.tsx';

/** The member-centre pages the wallet provides (spec §2), by their page name. Lazy with /member. */
export const WALLET_PAGES = {
  transferFund: TransferFundPage,
  depositv2: DepositPage,
  withdraw: WithdrawPage,
  transferUpline: TransferUplinePage,
  transactionHistory: TransactionHistoryPage,
  personalProfit: PersonalProfitPage,
  messageV2: MessagesPage,
  feedback: FeedbackPage,
};
