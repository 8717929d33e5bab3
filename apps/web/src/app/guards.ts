import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getSession } from '../lib/session/index.ts';
import { openModal } from '../lib/ui/index.ts';

/*
 * Route guards of spec §2 "Routing rule": without a session token a protected route goes to
 * /login (which opens the login popup over the home page). The agent centre also needs an agent:
 * a member who is not one is sent to the agent login, /agent.
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
    openModal('trialAccount');
    throw redirect('/');
  }
  return null;
};

/** Agent centre: a session (else /login), of an agent (else /agent, spec §2 agent centre). */
export const requireAgent = async (args: LoaderFunctionArgs) => {
  requireSession(args);
  // A session from a link or a reload does not know its account type until member info loads.
  if (!getSession().memberInfo && !getSession().isAgent) {
    const { refreshMemberInfo } = await import('../lib/session/signIn.ts');
    await refreshMemberInfo();
  }
  const session = getSession();
  if (!session.token) throw redirect('/login?redirect=%2FagentHome');
  if (!session.isAgent || session.isTrial) throw redirect('/agent');
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
