import {
  MAX_VIP_LEVELS,
  MESSAGE_AUDIENCE_KINDS,
  MESSAGE_BODY_MAX,
  MESSAGE_TITLE_MAX,
  type Language,
  type MessageAudienceKind,
  type OperatorMessageView,
} from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input, Tabs } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useCancelMessage, useOperatorMessages, useSendMessage } from '../api/messages.ts';
import { useVipSettings } from '../api/vip.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { zonedToIso } from '../hooks/zonedTime.ts';
import { DeskCard, DeskTable, Pager, SaveOutcome, Time } from './parts.tsx';
import { TextArea } from './TextArea.tsx';

/**
 * The brand's VIP levels by number with their names (the VIP desk's call). Staff who may not read
 * the VIP settings (support) get the level numbers without names; the server refuses unknown ones.
 */
const useVipLevels = () => {
  const q = useVipSettings();
  const levels: { level: number; name: string | null }[] = q.data
    ? q.data.levels.map((l) => ({ level: l.level, name: l.name }))
    : q.isError
      ? Array.from({ length: MAX_VIP_LEVELS }, (_, i) => ({ level: i + 1, name: null }))
      : [];
  return { levels, loaded: q.isSuccess };
};
type VipLevels = ReturnType<typeof useVipLevels>['levels'];

const levelLabel = (t: ConsoleT, levels: VipLevels, n: number) => {
  const name = levels.find((l) => l.level === n)?.name;
  return name ? t('ms_vip_level_named', { n, name }) : t('ms_vip_level_n', { n });
};

/** The VIP levels a message goes to: a check per level of the brand. */
function VipLevelPicker({
  t,
  value,
  onChange,
  error,
}: {
  t: ConsoleT;
  value: number[];
  onChange: (levels: number[]) => void;
  error: string | undefined;
}) {
  const { levels, loaded } = useVipLevels();
  return (
    <fieldset className="console-checks" data-testid="message-vip-levels">
      <legend className="field__label">{t('ms_vip_levels')}</legend>
      {loaded && !levels.length ? <p className="console-muted">{t('ms_vip_none')}</p> : null}
      {levels.map((l) => (
        <Checkbox
          key={l.level}
          label={levelLabel(t, levels, l.level)}
          checked={value.includes(l.level)}
          onChange={(e) =>
            onChange(e.target.checked ? [...value, l.level].sort((a, b) => a - b) : value.filter((v) => v !== l.level))
          }
          data-testid={`message-vip-level-${l.level}`}
        />
      ))}
      <p className="field__hint">{t('ms_vip_hint')}</p>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

const firstText = (texts: Record<string, string>, lang: string) => texts[lang] ?? Object.values(texts)[0] ?? '';

function Compose({ t }: { t: ConsoleT }) {
  const { languages, defaultLanguage, timezone } = useWhitelabel();
  const send = useSendMessage();
  const [lang, setLang] = useState<Language>(defaultLanguage);
  const empty = () => Object.fromEntries(languages.map((l) => [l, ''])) as Record<Language, string>;
  const [title, setTitle] = useState(empty);
  const [body, setBody] = useState(empty);
  const [audience, setAudience] = useState<MessageAudienceKind>('all');
  const [agent, setAgent] = useState('');
  const [usernames, setUsernames] = useState('');
  const [levels, setLevels] = useState<number[]>([]);
  const [noLevel, setNoLevel] = useState(false);
  const [later, setLater] = useState(false);
  const [at, setAt] = useState('');
  const fields = send.error?.fields ?? {};
  const written = (texts: Record<Language, string>) =>
    Object.fromEntries(languages.filter((l) => texts[l]?.trim()).map((l) => [l, texts[l].trim()])) as Partial<
      Record<Language, string>
    >;

  const submit = () => {
    if (audience === 'vip' && !levels.length) {
      setNoLevel(true);
      return;
    }
    const sendAt = later && at ? zonedToIso(at, timezone) : null;
    send.mutate(
      {
        title: written(title),
        body: written(body),
        audience:
          audience === 'all'
            ? { kind: 'all' }
            : audience === 'team'
              ? { kind: 'team', agent: agent.trim() }
              : audience === 'vip'
                ? { kind: 'vip', levels }
                : { kind: 'members', usernames: usernames.split(/[\s,;]+/).filter(Boolean) },
        ...(sendAt ? { sendAt } : {}),
      },
      {
        onSuccess: () => {
          setTitle(empty());
          setBody(empty());
          setUsernames('');
          setAgent('');
          setLevels([]);
          setLater(false);
          setAt('');
        },
      },
    );
  };

  return (
    <DeskCard id="messages-compose" title={t('ms_compose')} hint={t('ms_compose_hint')} testId="messages-compose">
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Tabs<Language>
          label={t('ms_language')}
          value={lang}
          onChange={setLang}
          items={languages.map((l) => ({ id: l, label: l }))}
        />
        <Input
          label={`${t('ms_title')} (${lang})`}
          value={title[lang] ?? ''}
          onChange={(e) => setTitle((x) => ({ ...x, [lang]: e.target.value }))}
          maxLength={MESSAGE_TITLE_MAX}
          error={fields[`title.${lang}`] ?? fields.title}
          data-testid="message-title"
        />
        <TextArea
          label={`${t('ms_body')} (${lang})`}
          value={body[lang] ?? ''}
          onChange={(e) => setBody((x) => ({ ...x, [lang]: e.target.value }))}
          maxLength={MESSAGE_BODY_MAX}
          rows={4}
          error={fields[`body.${lang}`] ?? fields.body}
          data-testid="message-body"
        />
        <label className="select">
          <span className="field__label">{t('ms_audience')}</span>
          <select
            className="select__control console-select"
            value={audience}
            onChange={(e) => setAudience(e.target.value as MessageAudienceKind)}
            data-testid="message-audience"
          >
            {MESSAGE_AUDIENCE_KINDS.map((a) => (
              <option key={a} value={a}>
                {t(`ms_audience_${a}`)}
              </option>
            ))}
          </select>
        </label>
        {audience === 'team' ? (
          <Input
            label={t('ms_agent')}
            value={agent}
            onChange={(e) => setAgent(e.target.value)}
            error={fields['audience.agent']}
            data-testid="message-agent"
          />
        ) : null}
        {audience === 'members' ? (
          <TextArea
            label={t('ms_members')}
            hint={t('ms_members_hint')}
            value={usernames}
            onChange={(e) => setUsernames(e.target.value)}
            error={fields['audience.usernames']}
            data-testid="message-members"
          />
        ) : null}
        {audience === 'vip' ? (
          <VipLevelPicker
            t={t}
            value={levels}
            onChange={(next) => {
              setLevels(next);
              setNoLevel(false);
            }}
            error={noLevel ? t('ms_vip_choose') : fields['audience.levels']}
          />
        ) : null}
        <div className="console-segment" role="group" aria-label={t('ms_schedule')}>
          <Button
            size="sm"
            variant={later ? 'secondary' : 'primary'}
            aria-pressed={!later}
            onClick={() => setLater(false)}
          >
            {t('ms_send_now')}
          </Button>
          <Button
            size="sm"
            variant={later ? 'primary' : 'secondary'}
            aria-pressed={later}
            onClick={() => setLater(true)}
            data-testid="message-later"
          >
            {t('ms_send_later')}
          </Button>
        </div>
        {later ? (
          <Input
            type="datetime-local"
            label={t('ms_send_at')}
            hint={t('cs_site_end_hint', { zone: timezone })}
            value={at}
            onChange={(e) => setAt(e.target.value)}
            error={fields.sendAt}
            data-testid="message-at"
          />
        ) : null}
        <SaveOutcome save={send} t={t} />
        <Button type="submit" loading={send.isPending} data-testid="message-send">
          {later ? t('ms_schedule_it') : t('ms_send')}
        </Button>
      </form>
    </DeskCard>
  );
}

function Row({
  m,
  t,
  lang,
  timeZone,
  levels,
}: {
  m: OperatorMessageView;
  t: ConsoleT;
  lang: string;
  timeZone: string;
  levels: VipLevels;
}) {
  const cancel = useCancelMessage();
  const names =
    m.audience.kind === 'vip' ? m.audience.names.map((n) => levelLabel(t, levels, Number(n))) : m.audience.names;
  return (
    <tr data-testid={`message-row-${m.id}`}>
      <td>
        <strong>{firstText(m.title, lang)}</strong>
        <div className="console-muted console-clamp">{firstText(m.body, lang)}</div>
      </td>
      <td>
        {t(`ms_audience_${m.audience.kind}` as Parameters<ConsoleT>[0])}
        {names.length ? (
          <div className="console-muted console-clamp" data-testid="message-audience-names">
            {names.join(', ')}
          </div>
        ) : null}
      </td>
      <td>
        <span className={`console-status console-status--${m.status}`} data-status={m.status}>
          {t(`ms_status_${m.status}`)}
        </span>
      </td>
      <td>
        <Time iso={m.sentAt ?? m.sendAt} timeZone={timeZone} />
      </td>
      <td className="console-num" data-testid="message-recipients">
        {m.recipients}
      </td>
      <td className="console-num" data-testid="message-reads">
        {m.reads}
      </td>
      <td>
        {m.status === 'scheduled' ? (
          <Button size="sm" variant="ghost" loading={cancel.isPending} onClick={() => cancel.mutate(m.id)}>
            {t('ms_cancel')}
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * The messages desk (issue 20, decision 075): write a message in the brand's languages to everyone,
 * an agent's team, listed members or VIP levels, now or at a time; the sent list shows who it reached and how
 * many read it.
 */
export function MessagesDesk({ t }: { t: ConsoleT }) {
  const { defaultLanguage, timezone } = useWhitelabel();
  const [page, setPage] = useState(1);
  const q = useOperatorMessages(page);
  const { levels } = useVipLevels();
  return (
    <>
      <Compose t={t} />
      <DeskCard id="messages-sent" title={t('ms_sent')} testId="messages-sent">
        <DeskTable
          testId="messages-table"
          caption={t('ms_sent')}
          columns={[
            { label: t('ms_title'), wide: true },
            { label: t('ms_audience') },
            { label: t('cs_status') },
            { label: t('ms_when') },
            { label: t('ms_recipients'), numeric: true },
            { label: t('ms_reads'), numeric: true },
            { label: '' },
          ]}
          empty={!!q.data && !q.data.list.length}
          emptyText={t('ms_none')}
          busy={q.isPlaceholderData}
          t={t}
        >
          {q.data?.list.map((m) => (
            <Row key={m.id} m={m} t={t} lang={defaultLanguage} timeZone={timezone} levels={levels} />
          ))}
        </DeskTable>
        {q.data ? <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} /> : null}
      </DeskCard>
    </>
  );
}
