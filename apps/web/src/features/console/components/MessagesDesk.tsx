import { MESSAGE_BODY_MAX, MESSAGE_TITLE_MAX, type Language, type OperatorMessageView } from '@app/contract';
import { useState } from 'react';
import { Button, Input, Tabs } from '../../../components/ui/index.ts';
import { useWhitelabel } from '../../../lib/system/index.ts';
import { useCancelMessage, useOperatorMessages, useSendMessage } from '../api/messages.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { zonedToIso } from '../hooks/zonedTime.ts';
import { DeskCard, DeskTable, Pager, SaveOutcome, Time } from './parts.tsx';
import { TextArea } from './TextArea.tsx';

/** Audiences offered now; VIP levels join when the VIP feature lands (decision 075). */
const AUDIENCES = ['all', 'team', 'members'] as const;
type AudienceKind = (typeof AUDIENCES)[number];

const firstText = (texts: Record<string, string>, lang: string) => texts[lang] ?? Object.values(texts)[0] ?? '';

function Compose({ t }: { t: ConsoleT }) {
  const { languages, defaultLanguage, timezone } = useWhitelabel();
  const send = useSendMessage();
  const [lang, setLang] = useState<Language>(defaultLanguage);
  const empty = () => Object.fromEntries(languages.map((l) => [l, ''])) as Record<Language, string>;
  const [title, setTitle] = useState(empty);
  const [body, setBody] = useState(empty);
  const [audience, setAudience] = useState<AudienceKind>('all');
  const [agent, setAgent] = useState('');
  const [usernames, setUsernames] = useState('');
  const [later, setLater] = useState(false);
  const [at, setAt] = useState('');
  const fields = send.error?.fields ?? {};
  const written = (texts: Record<Language, string>) =>
    Object.fromEntries(languages.filter((l) => texts[l]?.trim()).map((l) => [l, texts[l].trim()])) as Partial<
      Record<Language, string>
    >;

  const submit = () => {
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
              : { kind: 'members', usernames: usernames.split(/[\s,;]+/).filter(Boolean) },
        ...(sendAt ? { sendAt } : {}),
      },
      {
        onSuccess: () => {
          setTitle(empty());
          setBody(empty());
          setUsernames('');
          setAgent('');
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
            onChange={(e) => setAudience(e.target.value as AudienceKind)}
            data-testid="message-audience"
          >
            {AUDIENCES.map((a) => (
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

function Row({ m, t, lang, timeZone }: { m: OperatorMessageView; t: ConsoleT; lang: string; timeZone: string }) {
  const cancel = useCancelMessage();
  return (
    <tr data-testid={`message-row-${m.id}`}>
      <td>
        <strong>{firstText(m.title, lang)}</strong>
        <div className="console-muted console-clamp">{firstText(m.body, lang)}</div>
      </td>
      <td>
        {t(`ms_audience_${m.audience.kind}` as Parameters<ConsoleT>[0])}
        {m.audience.names.length ? (
          <div className="console-muted console-clamp">{m.audience.names.join(', ')}</div>
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
 * an agent's team or listed members, now or at a time; the sent list shows who it reached and how
 * many read it.
 */
export function MessagesDesk({ t }: { t: ConsoleT }) {
  const { defaultLanguage, timezone } = useWhitelabel();
  const [page, setPage] = useState(1);
  const q = useOperatorMessages(page);
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
            <Row key={m.id} m={m} t={t} lang={defaultLanguage} timeZone={timezone} />
          ))}
        </DeskTable>
        {q.data ? <Pager page={page} totalPages={q.data.totalPages} onPage={setPage} t={t} /> : null}
      </DeskCard>
    </>
  );
}
