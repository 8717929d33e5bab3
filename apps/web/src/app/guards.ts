import { redirect, type LoaderFunctionArgs } from 'react-router';
import { i18n } from '../i18n/index.ts';
import { getSession } from '../lib/session/index.ts';
import { openModal, showToast } from '../lib/ui/index.ts';

/*
 * Route guards of spec §2 "Routing rule": without a session token a protected route goes to
 * /login (which opens the login popup over the home page); the agent centre goes to /agent.
 */

const here = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
};

export const requireSession = ({ request }: LoaderFunctionArgs) => {
  if (!getSession().token) throw redirect(`/login?redirect=${encodeURIComponent(here(request))}`);
  return null;
};

/** Member centre: a session, and not a trial account (spec §4 "Centres"). */
export const requireMember = (args: LoaderFunctionArgs) => {
  requireSession(args);
  if (getSession().isTrial) {
    showToast(i18n.t('in_need_true_account'), 'error');
    throw redirect('/');
  }
  return null;
};

/** Agent centre: an agent session; anyone else is sent to the agent login (spec §2). */
export const requireAgent = () => {
  const session = getSession();
  const knownNonAgent = session.memberInfo !== null && !session.isAgent;
  if (!session.token || session.isTrial || knownNonAgent) throw redirect('/agent');
  return null;
};

/** /login: open the popup, then show the home page behind it. */
export const loginRoute = ({ request }: LoaderFunctionArgs) => {
  const target = new URL(request.url).searchParams.get('redirect');
  // Only same-site paths: never bounce a visitor to another origin after login.
  const redirectTo = target && target.startsWith('/') && !target.startsWith('//') ? target : undefined;
  if (!getSession().token) openModal('login', redirectTo ? { redirectTo } : {});
  throw redirect(getSession().token && redirectTo ? redirectTo : '/');
};

/** /register keeps `referralCode` for the form (spec §2). */
export const registerRoute = ({ request }: LoaderFunctionArgs) => {
  const referralCode = new URL(request.url).searchParams.get('referralCode') ?? undefined;
  openModal('register', referralCode ? { referralCode } : {});
  return null;
};

/** /help opens the help centre; the modal reads the #topic anchor itself. */
export const helpRoute = () => {
  openModal('help', {});
  return null;
};
