import { ASSIGNABLE_MEMBER_TYPES, MEMBER_SEARCH_FIELDS, type MemberPage } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { formatMoney, useBrandMoney } from '../../../lib/money/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useAddNote, useMemberAction, useMemberPage, useMemberSearch, type MemberAction } from '../api/backoffice.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { ledgerKindName } from './ledgerNames.ts';
import { DeskCard, DeskTable, Pager, Select, Time } from './parts.tsx';
import { PromptModal } from './PromptModal.tsx';

type Field = (typeof MEMBER_SEARCH_FIELDS)[number];
type Key = Parameters<ConsoleT>[0];

/** Which roles may take each action (the contract's, plus admin: decision 069). */
const MAY: Record<MemberAction, readonly string[]> = {
  freeze: ['admin', 'support', 'finance'],
  unfreeze: ['admin', 'support', 'finance'],
  forceLogout: ['admin', 'support'],
  resetPassword: ['admin', 'support'],
  clearLocks: ['admin', 'support'],
  changeType: ['admin', 'finance'],
  move: ['admin', 'finance'],
  // Finance decides which accounts the figures leave out (decision 084).
  markTest: ['admin', 'finance'],
  unmarkTest: ['admin', 'finance'],
};

type NewType = (typeof ASSIGNABLE_MEMBER_TYPES)[number];

const typeKey = (type: number): Key => (type === 0 ? 'mb_type_member' : type === 4 ? 'mb_type_trial' : 'mb_type_agent');
/** "Member", "Free play", or "Agent (type 41)": agent types differ in what they may have below them. */
const typeLabel = (t: ConsoleT, type: number) =>
  type === 0 || type === 4 ? t(typeKey(type)) : t('mb_type_agent_n', { type });

/**
 * The members desk (issue 21, decision 069): find a member by username, id, mobile, e-mail, payee
 * name or address; their page (profile, balance, upline chain, logins, money, bets, bonuses, notes);
 * and the actions on the account, each with a reason, audited, offered by role.
 */
export function MembersDesk({ t, role }: { t: ConsoleT; role: string }) {
  const [query, setQuery] = useState<{ by: Field; q: string; page: number } | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="console-stack" data-testid="members-desk">
      <Search t={t} query={query} onQuery={setQuery} onOpen={setSelected} />
      {selected !== null ? <Member t={t} id={selected} role={role} /> : null}
    </div>
  );
}

function Search({
  t,
  query,
  onQuery,
  onOpen,
}: {
  t: ConsoleT;
  query: { by: Field; q: string; page: number } | null;
  onQuery: (q: { by: Field; q: string; page: number }) => void;
  onOpen: (id: number) => void;
}) {
  const { timezone } = useWhitelabel();
  const [by, setBy] = useState<Field>('username');
  const found = useMemberSearch(query);
  const pages = found.data ? Math.max(1, Math.ceil(found.data.total / found.data.pageSize)) : 1;
  return (
    <DeskCard id="members-search" title={t('mb_search')} hint={t('mb_search_hint')}>
      <form
        className="members-search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          if (q) onQuery({ by, q, page: 1 });
        }}
      >
        <label className="select">
          <span className="field__label">{t('mb_search_by')}</span>
          <select
            className="select__control console-select"
            value={by}
            onChange={(e) => setBy(e.target.value as Field)}
            data-testid="members-search-by"
          >
            {MEMBER_SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {t(`mb_by_${f}` as Key)}
              </option>
            ))}
          </select>
        </label>
        <Input name="q" label={t('mb_search_text')} required maxLength={100} data-testid="members-search-text" />
        <Button type="submit" loading={found.isFetching} data-testid="members-search-go">
          {t('mb_find')}
        </Button>
      </form>
      {found.error ? (
        <p className="field__error" role="alert">
          {found.error.message}
        </p>
      ) : null}
      {found.data ? (
        <>
          <DeskTable
            testId="members-results"
            caption={t('mb_results')}
            columns={[
              { label: t('mb_account'), wide: true },
              { label: t('cs_status') },
              { label: t('mb_mobile') },
              { label: t('mb_email') },
              { label: t('mb_last_login') },
              { label: t('cs_actions') },
            ]}
            empty={!found.data.list.length}
            emptyText={t('mb_none_found')}
            busy={found.isFetching}
            t={t}
          >
            {found.data.list.map((m) => (
              <tr key={m.id} data-testid="members-result">
                <td>
                  <strong>{m.username}</strong>{' '}
                  <span className="console-muted">
                    #{m.id} · {t(typeKey(m.type))}
                  </span>
                </td>
                <td>
                  <MemberStatus status={m.status} t={t} />
                  {m.testAccount ? (
                    <>
                      {' '}
                      <TestBadge t={t} />
                    </>
                  ) : null}
                </td>
                <td>{m.mobile ?? '—'}</td>
                <td>{m.email ?? '—'}</td>
                <td>
                  <Time iso={m.lastLoginAt} timeZone={timezone} />
                  {m.lastLoginIp ? <div className="console-muted console-small">{m.lastLoginIp}</div> : null}
                </td>
                <td>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => onOpen(m.id)}
                    data-testid={`members-open-${m.id}`}
                  >
                    {t('mb_open')}
                  </Button>
                </td>
              </tr>
            ))}
          </DeskTable>
          {query ? (
            <Pager page={query.page} totalPages={pages} onPage={(page) => onQuery({ ...query, page })} t={t} />
          ) : null}
        </>
      ) : null}
    </DeskCard>
  );
}

function MemberStatus({ status, t }: { status: string; t: ConsoleT }) {
  return (
    <span
      className={`console-status console-status--${status === 'frozen' ? 'rejected' : 'credited'}`}
      data-status={status}
    >
      {t(status === 'frozen' ? 'mb_frozen' : 'mb_active')}
    </span>
  );
}

/** A test account: kept out of the dashboard and the reports (decision 084). */
function TestBadge({ t }: { t: ConsoleT }) {
  return (
    <span className="console-status console-status--pending" data-test-account="true">
      {t('mb_test_account')}
    </span>
  );
}

function Member({ t, id, role }: { t: ConsoleT; id: number; role: string }) {
  const { timezone } = useWhitelabel();
  const money = useBrandMoney();
  const page = useMemberPage(id);
  const act = useMemberAction();
  const note = useAddNote();
  const [asking, setAsking] = useState<MemberAction | null>(null);
  const [password, setPassword] = useState<{ value: string; expiresAt: string } | null>(null);
  const [newType, setNewType] = useState<NewType>(0);
  const [upline, setUpline] = useState('');
  if (page.error)
    return (
      <p className="field__error" role="alert">
        {page.error.message}
      </p>
    );
  if (!page.data) return <p className="console-muted">{t('cs_loading')}</p>;
  const p: MemberPage = page.data;
  const m = p.profile;
  const show = (minor: string) => formatMoney(minor, money);
  const actions: [MemberAction, Key][] = [
    m.status === 'frozen' ? ['unfreeze', 'mb_unfreeze'] : ['freeze', 'mb_freeze'],
    ['forceLogout', 'mb_force_logout'],
    ['resetPassword', 'mb_reset_password'],
    ['clearLocks', 'mb_clear_locks'],
    ...(m.type === 4
      ? []
      : ([
          ['changeType', 'mb_change_type'],
          ['move', 'mb_move'],
        ] as [MemberAction, Key][])),
    m.testAccount ? ['unmarkTest', 'mb_unmark_test'] : ['markTest', 'mb_mark_test'],
  ];
  return (
    <DeskCard
      id="member-page"
      testId="member-page"
      title={
        <>
          {m.username} <span className="console-muted">#{m.id}</span> <MemberStatus status={m.status} t={t} />
          {m.testAccount ? (
            <>
              {' '}
              <TestBadge t={t} />
            </>
          ) : null}
        </>
      }
    >
      <div className="member-actions" role="group" aria-label={t('cs_actions')}>
        {actions
          .filter(([a]) => MAY[a].includes(role))
          .map(([a, label]) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'freeze' ? 'danger' : 'secondary'}
              onClick={() => {
                setPassword(null);
                setNewType((m.type === 0 ? 1 : 0) as NewType);
                setUpline('');
                setAsking(a);
              }}
              data-testid={`member-action-${a}`}
            >
              {t(label)}
            </Button>
          ))}
      </div>
      {password ? (
        <div className="member-password" role="status" data-testid="member-one-time-password">
          <span>{t('mb_one_time_password')}</span> <code>{password.value}</code>
          <span className="console-muted console-small">
            {t('mb_one_time_password_until')} <Time iso={password.expiresAt} timeZone={timezone} />
          </span>
        </div>
      ) : null}
      {act.isSuccess && !password ? (
        <p className="console-ok" role="status" data-testid="member-action-done">
          {t('mb_done')}
        </p>
      ) : null}

      <div className="member-grid">
        <dl className="member-facts" data-testid="member-profile">
          <Fact label={t('mb_type')} value={typeLabel(t, m.type)} testId="member-type" />
          <Fact
            label={t('mb_balance')}
            value={p.balance !== null ? show(p.balance) : p.playBalance ? show(p.playBalance) : '—'}
            testId="member-balance"
          />
          <Fact label={t('mb_nickname')} value={m.nickname} />
          <Fact label={t('mb_payee')} value={m.payeeName} />
          <Fact label={t('mb_mobile')} value={m.mobile} />
          <Fact label={t('mb_email')} value={m.email} />
          <Fact label={t('mb_birthday')} value={m.birthday} />
          <Fact label={t('mb_invitation')} value={m.affiliateCode} />
          <Fact label={t('mb_registered')} value={<Time iso={m.createdAt} timeZone={timezone} />} />
          <Fact
            label={t('mb_last_login')}
            value={
              <>
                <Time iso={m.lastLoginAt} timeZone={timezone} /> {m.lastLoginIp ?? ''}
              </>
            }
          />
          <Fact
            label={t('mb_test_account')}
            value={t(m.testAccount ? 'mb_test_yes' : 'mb_test_no')}
            testId="member-test-account"
          />
          <Fact label={t('mb_frozen_at')} value={m.frozenAt ? <Time iso={m.frozenAt} timeZone={timezone} /> : null} />
          <Fact
            label={t('mb_security')}
            value={[
              m.totpEnabled ? t('mb_totp') : null,
              m.oneTimePassword ? t('mb_otp_pending') : null,
              m.locked ? t('mb_locked', { count: m.loginFailures }) : null,
              t('mb_sessions', { count: m.liveSessions }),
            ]
              .filter(Boolean)
              .join(' · ')}
            testId="member-security"
          />
          <Fact
            label={t('mb_uplines')}
            value={p.uplines.length ? p.uplines.map((u) => u.username).join(' › ') : t('mb_no_upline')}
            testId="member-uplines"
          />
        </dl>
      </div>

      <History
        t={t}
        title={t('mb_logins')}
        testId="member-logins"
        empty={!p.logins.length}
        columns={[t('cs_time'), t('mb_address'), t('mb_device'), t('cs_status')]}
      >
        {p.logins.map((l, i) => (
          <tr key={i}>
            <td>
              <Time iso={l.at} timeZone={timezone} />
            </td>
            <td>
              {l.ip}
              {l.country ? ` · ${l.country}` : ''}
            </td>
            <td className="console-small">
              {l.method} · {l.device.slice(0, 60) || '—'}
            </td>
            <td>{l.success ? t('mb_login_ok') : `${t('mb_login_failed')}${l.reason ? ` (${l.reason})` : ''}`}</td>
          </tr>
        ))}
      </History>
      <History
        t={t}
        title={t('cs_deposits')}
        testId="member-deposits"
        empty={!p.deposits.length}
        columns={[t('cs_time'), t('cs_channel'), t('cs_amount'), t('cs_status')]}
      >
        {p.deposits.map((d) => (
          <tr key={d.id}>
            <td>
              <Time iso={d.at} timeZone={timezone} />
            </td>
            <td>{d.channel}</td>
            <td className="console-num">{show(d.amount)}</td>
            <td>{t(`cs_status_${d.status}` as Key)}</td>
          </tr>
        ))}
      </History>
      <History
        t={t}
        title={t('cs_withdrawals')}
        testId="member-withdrawals"
        empty={!p.withdrawals.length}
        columns={[t('cs_time'), t('cs_amount'), t('cs_status')]}
      >
        {p.withdrawals.map((w) => (
          <tr key={w.id}>
            <td>
              <Time iso={w.at} timeZone={timezone} />
            </td>
            <td className="console-num">{show(w.amount)}</td>
            <td>{t(`cs_status_${w.status}` as Key)}</td>
          </tr>
        ))}
      </History>
      <History
        t={t}
        title={t('mb_bets')}
        testId="member-bets"
        empty={!p.bets.length}
        columns={[t('cs_time'), t('bo_game'), t('mb_stake'), t('mb_win')]}
      >
        {p.bets.map((b) => (
          <tr key={b.id}>
            <td>
              <Time iso={b.at} timeZone={timezone} />
            </td>
            <td>
              <code>{b.gameCode}</code>{' '}
              <span className="console-muted">
                {b.vendor} · {b.gameType}
              </span>
            </td>
            <td className="console-num">{show(b.bet)}</td>
            <td className="console-num">{show(b.win)}</td>
          </tr>
        ))}
      </History>
      <History
        t={t}
        title={t('bo_bonuses')}
        testId="member-bonuses"
        empty={!p.bonuses.length}
        columns={[t('cs_time'), t('mb_kind'), t('cs_amount')]}
      >
        {p.bonuses.map((b) => (
          <tr key={b.id}>
            <td>
              <Time iso={b.at} timeZone={timezone} />
            </td>
            <td title={b.kind}>{ledgerKindName(t, b.kind)}</td>
            <td className="console-num">{show(b.amount)}</td>
          </tr>
        ))}
      </History>

      <section className="member-notes" aria-labelledby="member-notes-title" data-testid="member-notes">
        <h3 id="member-notes-title" className="member-subtitle">
          {t('mb_notes')}
        </h3>
        <form
          className="members-search"
          onSubmit={(e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const text = String(new FormData(form).get('note') ?? '').trim();
            if (text) note.mutate({ memberId: m.id, text }, { onSuccess: () => form.reset() });
          }}
        >
          <Input
            name="note"
            label={t('mb_add_note')}
            maxLength={2000}
            error={note.error?.message}
            data-testid="member-note-text"
          />
          <Button type="submit" size="sm" loading={note.isPending} data-testid="member-note-add">
            {t('mb_add')}
          </Button>
        </form>
        {p.notes.length ? (
          <ul className="member-note-list">
            {p.notes.map((n) => (
              <li key={n.id}>
                <span className="console-muted console-small">
                  <Time iso={n.at} timeZone={timezone} /> · {n.operator ?? '—'}
                </span>
                <p className="console-note">{n.text}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="console-muted">{t('mb_no_notes')}</p>
        )}
      </section>

      {asking ? (
        <PromptModal
          title={t(`mb_confirm_${asking}` as Key, { username: m.username })}
          label={t('cs_reason')}
          busy={act.isPending}
          error={act.error?.message ?? null}
          onClose={() => {
            act.reset();
            setAsking(null);
          }}
          extra={
            asking === 'changeType' ? (
              <Select<NewType>
                label={t('mb_new_type')}
                value={newType}
                values={ASSIGNABLE_MEMBER_TYPES.filter((v) => v !== m.type)}
                name={(v) => typeLabel(t, v)}
                onChange={setNewType}
                testId="member-new-type"
              />
            ) : asking === 'move' ? (
              <Input
                label={t('mb_new_upline')}
                hint={t('mb_move_hint')}
                value={upline}
                onChange={(e) => setUpline(e.target.value)}
                maxLength={40}
                required
                data-testid="member-new-upline"
              />
            ) : null
          }
          onSubmit={(reason) =>
            act.mutate(
              { action: asking, body: { memberId: m.id, reason, type: newType, upline } },
              {
                onSuccess: (r) => {
                  setAsking(null);
                  if (r.oneTimePassword && r.expiresAt)
                    setPassword({ value: r.oneTimePassword, expiresAt: r.expiresAt });
                },
              },
            )
          }
          t={t}
        />
      ) : null}
    </DeskCard>
  );
}

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <div className="member-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}

function History({
  t,
  title,
  testId,
  empty,
  columns,
  children,
}: {
  t: ConsoleT;
  title: string;
  testId: string;
  empty: boolean;
  columns: string[];
  children: React.ReactNode;
}) {
  return (
    <section className="member-history" aria-label={title}>
      <h3 className="member-subtitle">{title}</h3>
      <DeskTable
        testId={testId}
        caption={title}
        columns={columns.map((label) => ({ label }))}
        empty={empty}
        compact
        t={t}
      >
        {children}
      </DeskTable>
    </section>
  );
}
