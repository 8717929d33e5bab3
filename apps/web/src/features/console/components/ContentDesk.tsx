import {
  BANNER_GROUPS,
  BANNER_LINKAGES,
  LANGUAGES,
  PROMOTION_TYPES,
  type Language,
  type operatorContentEndpoints,
  type ResponseOf,
} from '@app/contract';
import { useState } from 'react';
import { Button, Checkbox, Input, SimpleMarkup, Tabs } from '../../../components/ui/index.ts';
import { useSystemStatus, useWhitelabel } from '../../../lib/system/index.ts';
import {
  useAnnouncements,
  useBanners,
  useDeleteAnnouncement,
  useDeleteBanner,
  useDeleteHelp,
  useHelpArticles,
  useSaveAnnouncement,
  useSaveBanner,
  useSaveHelp,
} from '../api/site.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import { useSiteDeskText, type SiteDeskT } from '../hooks/useSiteDeskText.ts';
import { ImageField } from './ImageField.tsx';
import {
  DeskCard,
  DeskTable,
  DoneLine,
  ErrorLine,
  filledTexts,
  LanguageTabs,
  languageTexts,
  localInput,
  Select,
  siteImageSrc,
  textOf,
  Time,
  type LanguageTexts,
} from './parts.tsx';
import { LinksPanel } from './LinksPanel.tsx';
import { TextArea } from './TextArea.tsx';

type Banner = ResponseOf<typeof operatorContentEndpoints.listBanners>['list'][number];
type Announcement = ResponseOf<typeof operatorContentEndpoints.listAnnouncements>['list'][number];
type Help = ResponseOf<typeof operatorContentEndpoints.listHelp>['list'][number];

/** The announcement types an operator writes (banners, type B, have their own editor). */
const NOTICE_TYPES = ['PL', 'PU', 'PR', 'H'] as const;
const EXECUTIONS = ['B', 'A', 'F'] as const;
const SECTIONS = ['banners', 'announcements', 'help', 'links'] as const;
type Section = (typeof SECTIONS)[number];

const isoOf = (local: string) => (local ? new Date(local).toISOString() : null);
const liveNow = (x: { enabled: boolean; startTime: string | null; endTime: string | null }) => {
  const now = Date.now();
  if (!x.enabled) return 'off';
  if (x.startTime && Date.parse(x.startTime) > now) return 'scheduled';
  if (x.endTime && Date.parse(x.endTime) <= now) return 'ended';
  return 'live';
};

/** The window and on/off fields every content item has. */
function WindowFields({
  f,
  set,
  err,
  st,
  prefix,
}: {
  f: { startTime: string; endTime: string; sort: string; enabled: boolean };
  set: (k: 'startTime' | 'endTime' | 'sort' | 'enabled', v: string | boolean) => void;
  err: (k: string) => string | undefined;
  st: SiteDeskT;
  prefix: string;
}) {
  return (
    <div className="console-fields">
      <Input
        label={st('sd_starts')}
        type="datetime-local"
        value={f.startTime}
        onChange={(e) => set('startTime', e.target.value)}
        error={err('startTime')}
        data-testid={`${prefix}-starts`}
      />
      <Input
        label={st('sd_ends')}
        type="datetime-local"
        value={f.endTime}
        onChange={(e) => set('endTime', e.target.value)}
        error={err('endTime')}
        data-testid={`${prefix}-ends`}
      />
      <Input
        label={st('sd_order')}
        inputMode="numeric"
        value={f.sort}
        onChange={(e) => set('sort', e.target.value)}
        error={err('sort')}
        data-testid={`${prefix}-sort`}
      />
      <Checkbox
        label={st('sd_enabled')}
        checked={f.enabled}
        onChange={(e) => set('enabled', e.target.checked)}
        data-testid={`${prefix}-enabled`}
      />
    </div>
  );
}

/** A show window on the brand's clock; "—" when it has neither end. */
function WindowText({ x, zone }: { x: { startTime: string | null; endTime: string | null }; zone: string }) {
  if (!x.startTime && !x.endTime) return <>—</>;
  return (
    <>
      <Time iso={x.startTime} timeZone={zone} /> – <Time iso={x.endTime} timeZone={zone} />
    </>
  );
}

/** A listed entry's edit button, and its delete once the operator confirms it. */
function RowActions({
  st,
  editTestId,
  onEdit,
  onDelete,
}: {
  st: SiteDeskT;
  editTestId: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="console-actions">
      <Button size="sm" variant="secondary" onClick={onEdit} data-testid={editTestId}>
        {st('sd_edit')}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => window.confirm(st('sd_delete_confirm')) && onDelete()}>
        {st('sd_delete')}
      </Button>
    </div>
  );
}

function StateBadge({ x, st }: { x: Parameters<typeof liveNow>[0]; st: SiteDeskT }) {
  const s = liveNow(x);
  return (
    <span className={`console-status console-status--${s === 'live' ? 'available' : 'maintenance'}`} data-state={s}>
      {st(`sd_state_${s}`)}
    </span>
  );
}

/* ------------------------------------------------------------------ banners */

function BannerForm({
  current,
  t,
  st,
  onDone,
}: {
  current: Banner | null;
  t: ConsoleT;
  st: SiteDeskT;
  onDone: (text: string) => void;
}) {
  const save = useSaveBanner();
  const cdns = useSystemStatus().imageCDNs;
  const [lang, setLang] = useState<Language>('PT');
  const [titles, setTitles] = useState<LanguageTexts>(() => languageTexts(current?.title));
  const [f, setF] = useState(() => ({
    groupName: current?.groupName ?? ('w_home' as Banner['groupName']),
    imageUrl: current?.imageUrl ?? '',
    linkageType: current?.linkageType ?? ('NONE' as Banner['linkageType']),
    linkage: current?.linkage ?? '',
    sort: String(current?.sort ?? 0),
    enabled: current?.enabled ?? true,
    startTime: localInput(current?.startTime ?? null),
    endTime: localInput(current?.endTime ?? null),
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f, v: string | boolean) => setF((x) => ({ ...x, [k]: v }));
  const err = (k: string) => local[k] ?? save.error?.fields[k];

  const submit = () => {
    const errors: Record<string, string> = {};
    if (!/^-?\d{1,6}$/.test(f.sort.trim())) errors.sort = t('cs_whole_number');
    if (!f.imageUrl.trim()) errors.imageUrl = st('sd_image_needed');
    if (!Object.keys(filledTexts(titles)).length) errors.title = st('sd_text_needed');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(
      {
        ...(current ? { id: current.id } : {}),
        groupName: f.groupName,
        title: filledTexts(titles),
        imageUrl: f.imageUrl.trim(),
        linkageType: f.linkageType,
        linkage: f.linkageType === 'NONE' ? '' : f.linkage.trim(),
        sort: Number(f.sort.trim()),
        enabled: f.enabled,
        startTime: isoOf(f.startTime),
        endTime: isoOf(f.endTime),
      },
      { onSuccess: () => onDone(current ? st('sd_banner_saved') : st('sd_banner_created')) },
    );
  };

  const title = titles[lang] || textOf(filledTexts(titles));
  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="banner-form"
    >
      <div className="site-editor">
        <div className="site-editor__fields">
          <div className="console-fields">
            <Select
              label={st('sd_group')}
              value={f.groupName}
              values={BANNER_GROUPS}
              name={(g) => st(`sd_group_${g}`)}
              onChange={(v) => set('groupName', v)}
              testId="banner-group"
            />
            <Select
              label={st('sd_link_kind')}
              value={f.linkageType}
              values={BANNER_LINKAGES}
              name={(v) => st(`sd_link_${v}`)}
              onChange={(v) => set('linkageType', v)}
              testId="banner-link-kind"
            />
            {f.linkageType !== 'NONE' ? (
              <Input
                label={st('sd_link')}
                value={f.linkage}
                onChange={(e) => set('linkage', e.target.value)}
                error={err('linkage')}
                spellCheck={false}
                placeholder={f.linkageType === 'URL' ? 'https://' : f.linkageType === 'ROUTE' ? '/promotions' : ''}
                data-testid="banner-link"
              />
            ) : null}
          </div>
          <ImageField
            value={f.imageUrl}
            onChange={(v) => set('imageUrl', v)}
            error={err('imageUrl')}
            st={st}
            testId="banner-image"
          />
          <LanguageTabs value={lang} onChange={setLang} t={t} filled={(l) => !!titles[l].trim()} />
          <Input
            label={`${st('sd_title')} (${lang})`}
            value={titles[lang]}
            maxLength={120}
            onChange={(e) => setTitles((x) => ({ ...x, [lang]: e.target.value }))}
            error={err(`title.${lang}`) ?? err('title')}
            data-testid="banner-title"
          />
          <WindowFields f={f} set={set} err={err} st={st} prefix="banner" />
        </div>
        <figure className="site-preview" aria-label={st('sd_preview')} data-testid="banner-preview">
          <figcaption className="field__label">
            {st('sd_preview')} · {lang}
          </figcaption>
          <div className="site-preview__banner">
            {f.imageUrl ? (
              <img src={siteImageSrc(f.imageUrl, cdns)} alt="" width={1200} height={400} />
            ) : (
              <span aria-hidden="true" />
            )}
            {title ? <span className="site-preview__banner-title">{title}</span> : null}
          </div>
        </figure>
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="banner-save">
          {current ? t('cs_save') : st('sd_create')}
        </Button>
        <ErrorLine error={save.error} />
      </div>
    </form>
  );
}

function BannersPanel({ t, st }: { t: ConsoleT; st: SiteDeskT }) {
  const cdns = useSystemStatus().imageCDNs;
  const zone = useWhitelabel().timezone;
  const q = useBanners();
  const del = useDeleteBanner();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [done, setDone] = useState('');
  const list = [...(q.data ?? [])].sort((a, b) => a.groupName.localeCompare(b.groupName) || a.sort - b.sort);
  return (
    <>
      <DeskCard id="site-banners" title={st('sd_banners')} hint={st('sd_banners_hint')} testId="banners-card">
        <ErrorLine error={q.error ?? del.error} />
        <DoneLine text={done} testId="banners-done" />
        <div className="console-actions">
          <Button size="sm" onClick={() => setEditing('new')} data-testid="banner-new">
            {st('sd_new_banner')}
          </Button>
        </div>
        {q.data ? (
          <DeskTable
            testId="banners-table"
            caption={st('sd_banners')}
            columns={[
              { label: st('sd_image') },
              { label: st('sd_title'), wide: true },
              { label: st('sd_group') },
              { label: st('sd_order'), numeric: true },
              { label: st('sd_window') },
              { label: st('sd_state') },
              { label: t('cs_actions') },
            ]}
            empty={!list.length}
            compact
            t={t}
          >
            {list.map((b) => (
              <tr key={b.id} data-testid="banner-row" data-id={b.id}>
                <td>
                  <img
                    className="site-thumb"
                    src={siteImageSrc(b.imageUrl, cdns)}
                    alt=""
                    width={96}
                    height={32}
                    loading="lazy"
                  />
                </td>
                <td>{textOf(b.title)}</td>
                <td>{st(`sd_group_${b.groupName}`)}</td>
                <td className="console-num">{b.sort}</td>
                <td className="console-nowrap">
                  <WindowText x={b} zone={zone} />
                </td>
                <td>
                  <StateBadge x={b} st={st} />
                </td>
                <td>
                  <RowActions
                    st={st}
                    editTestId="banner-edit"
                    onEdit={() => setEditing(b)}
                    onDelete={() => del.mutate(b.id, { onSuccess: () => setDone(st('sd_deleted')) })}
                  />
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>
      {editing ? (
        <DeskCard
          id="site-banner-form"
          title={editing === 'new' ? st('sd_new_banner') : st('sd_edit_banner', { id: editing.id })}
        >
          <BannerForm
            key={editing === 'new' ? 'new' : editing.id}
            current={editing === 'new' ? null : editing}
            t={t}
            st={st}
            onDone={(text) => {
              setDone(text);
              setEditing(null);
            }}
          />
        </DeskCard>
      ) : null}
    </>
  );
}

/* ------------------------------------------------------------ announcements */

function AnnouncementForm({
  current,
  t,
  st,
  onDone,
}: {
  current: Announcement | null;
  t: ConsoleT;
  st: SiteDeskT;
  onDone: (text: string) => void;
}) {
  const save = useSaveAnnouncement();
  const [lang, setLang] = useState<Language>('PT');
  const [titles, setTitles] = useState<LanguageTexts>(() => languageTexts(current?.title));
  const [contents, setContents] = useState<LanguageTexts>(() => languageTexts(current?.content));
  const [f, setF] = useState(() => ({
    type: (current?.type === 'B' ? 'PL' : (current?.type ?? 'PL')) as (typeof NOTICE_TYPES)[number],
    execution: current?.execution ?? ('B' as Announcement['execution']),
    promotionType: (current?.promotionType ?? '') as Announcement['promotionType'] | '',
    sort: String(current?.sort ?? 0),
    enabled: current?.enabled ?? true,
    startTime: localInput(current?.startTime ?? new Date().toISOString()),
    endTime: localInput(current?.endTime ?? null),
  }));
  const [local, setLocal] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f, v: string | boolean) => setF((x) => ({ ...x, [k]: v }));
  const err = (k: string) => local[k] ?? save.error?.fields[k];

  const submit = () => {
    const errors: Record<string, string> = {};
    if (!/^-?\d{1,6}$/.test(f.sort.trim())) errors.sort = t('cs_whole_number');
    const title = filledTexts(titles);
    const content = filledTexts(contents);
    if (!Object.keys(title).length) errors.title = st('sd_text_needed');
    if (!Object.keys(content).length) errors.content = st('sd_text_needed');
    setLocal(errors);
    if (Object.keys(errors).length) return;
    save.mutate(
      {
        ...(current ? { id: current.id } : {}),
        type: f.type,
        execution: f.execution,
        title,
        content,
        promotionType: f.promotionType || null,
        sort: Number(f.sort.trim()),
        enabled: f.enabled,
        startTime: isoOf(f.startTime),
        endTime: isoOf(f.endTime),
      },
      { onSuccess: () => onDone(current ? st('sd_notice_saved') : st('sd_notice_created')) },
    );
  };

  const shownTitle = titles[lang] || textOf(filledTexts(titles));
  const shownContent = contents[lang] || textOf(filledTexts(contents));
  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="announcement-form"
    >
      <div className="site-editor">
        <div className="site-editor__fields">
          <div className="console-fields">
            <Select
              label={st('sd_type')}
              value={f.type}
              values={NOTICE_TYPES}
              name={(v) => st(`sd_type_${v}`)}
              onChange={(v) => set('type', v)}
              testId="announcement-type"
            />
            <Select
              label={st('sd_execution')}
              value={f.execution}
              values={EXECUTIONS}
              name={(v) => st(`sd_execution_${v}`)}
              onChange={(v) => set('execution', v)}
              testId="announcement-execution"
            />
            <Select<string>
              label={st('sd_promotion_link')}
              value={f.promotionType ?? ''}
              values={['', ...PROMOTION_TYPES]}
              name={(v) => (v ? v : st('sd_no_promotion'))}
              onChange={(v) => set('promotionType', v)}
              testId="announcement-promotion"
            />
          </div>
          <LanguageTabs
            value={lang}
            onChange={setLang}
            t={t}
            filled={(l) => !!titles[l].trim() && !!contents[l].trim()}
          />
          <Input
            label={`${st('sd_title')} (${lang})`}
            value={titles[lang]}
            maxLength={200}
            onChange={(e) => setTitles((x) => ({ ...x, [lang]: e.target.value }))}
            error={err(`title.${lang}`) ?? err('title')}
            data-testid="announcement-title"
          />
          <TextArea
            label={`${st('sd_content')} (${lang})`}
            value={contents[lang]}
            maxLength={10000}
            rows={5}
            onChange={(e) => setContents((x) => ({ ...x, [lang]: e.target.value }))}
            error={err(`content.${lang}`) ?? err('content')}
            data-testid="announcement-content"
          />
          <p className="console-muted">{st('sd_markup_hint')}</p>
          <WindowFields f={f} set={set} err={err} st={st} prefix="announcement" />
        </div>
        <figure className="site-preview" aria-label={st('sd_preview')} data-testid="announcement-preview">
          <figcaption className="field__label">
            {st('sd_preview')} · {lang} · {st(`sd_type_${f.type}`)}
          </figcaption>
          <div className="site-preview__notice">
            <strong>{shownTitle}</strong>
            {shownContent ? <SimpleMarkup text={shownContent} /> : null}
            {f.promotionType ? <span className="site-preview__button">{st('sd_see_promotion')}</span> : null}
          </div>
        </figure>
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="announcement-save">
          {current ? t('cs_save') : st('sd_create')}
        </Button>
        <ErrorLine error={save.error} />
      </div>
    </form>
  );
}

function AnnouncementsPanel({ t, st }: { t: ConsoleT; st: SiteDeskT }) {
  const q = useAnnouncements();
  const del = useDeleteAnnouncement();
  const [editing, setEditing] = useState<Announcement | 'new' | null>(null);
  const [done, setDone] = useState('');
  const [type, setType] = useState<(typeof NOTICE_TYPES)[number] | 'all'>('all');
  const list = (q.data ?? []).filter((a) => a.type !== 'B' && (type === 'all' || a.type === type));
  const zone = useWhitelabel().timezone;
  return (
    <>
      <DeskCard
        id="site-announcements"
        title={st('sd_announcements')}
        hint={st('sd_announcements_hint')}
        testId="announcements-card"
      >
        <ErrorLine error={q.error ?? del.error} />
        <DoneLine text={done} testId="announcements-done" />
        <div className="console-filters">
          <Tabs<(typeof NOTICE_TYPES)[number] | 'all'>
            label={st('sd_type')}
            value={type}
            onChange={setType}
            items={[
              { id: 'all', label: st('sd_all') },
              ...NOTICE_TYPES.map((v) => ({ id: v, label: st(`sd_type_${v}`) })),
            ]}
          />
          <Button size="sm" onClick={() => setEditing('new')} data-testid="announcement-new">
            {st('sd_new_notice')}
          </Button>
        </div>
        {q.data ? (
          <DeskTable
            testId="announcements-table"
            caption={st('sd_announcements')}
            columns={[
              { label: st('sd_title'), wide: true },
              { label: st('sd_type') },
              { label: st('sd_execution') },
              { label: st('sd_window') },
              { label: st('sd_state') },
              { label: t('cs_actions') },
            ]}
            empty={!list.length}
            compact
            t={t}
          >
            {list.map((a) => (
              <tr key={a.id} data-testid="announcement-row" data-id={a.id}>
                <td>
                  {textOf(a.title)}
                  <span className="console-muted site-langs"> {Object.keys(a.title).join(' · ')}</span>
                </td>
                <td>{st(`sd_type_${a.type as (typeof NOTICE_TYPES)[number]}`)}</td>
                <td>{st(`sd_execution_${a.execution}`)}</td>
                <td className="console-nowrap">
                  <WindowText x={a} zone={zone} />
                </td>
                <td>
                  <StateBadge x={a} st={st} />
                </td>
                <td>
                  <RowActions
                    st={st}
                    editTestId="announcement-edit"
                    onEdit={() => setEditing(a)}
                    onDelete={() => del.mutate(a.id, { onSuccess: () => setDone(st('sd_deleted')) })}
                  />
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>
      {editing ? (
        <DeskCard
          id="site-announcement-form"
          title={editing === 'new' ? st('sd_new_notice') : st('sd_edit_notice', { id: editing.id })}
        >
          <AnnouncementForm
            key={editing === 'new' ? 'new' : editing.id}
            current={editing === 'new' ? null : editing}
            t={t}
            st={st}
            onDone={(text) => {
              setDone(text);
              setEditing(null);
            }}
          />
        </DeskCard>
      ) : null}
    </>
  );
}

/* --------------------------------------------------------------------- help */

function HelpForm({
  current,
  t,
  st,
  onDone,
}: {
  current: Help | { term: string; language: Language; category: string } | null;
  t: ConsoleT;
  st: SiteDeskT;
  onDone: (text: string) => void;
}) {
  const save = useSaveHelp();
  const existing = current && 'id' in current ? current : null;
  const [f, setF] = useState(() => ({
    term: current?.term ?? '',
    language: current?.language ?? ('PT' as Language),
    category: current?.category ?? '',
    title: existing?.title ?? '',
    content: existing?.content ?? '',
    sort: String(existing?.sort ?? 0),
    enabled: existing?.enabled ?? true,
  }));
  const set = (k: keyof typeof f, v: string | boolean) => setF((x) => ({ ...x, [k]: v }));
  const err = (k: string) => save.error?.fields[k];
  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(
          {
            ...(existing ? { id: existing.id } : {}),
            term: f.term.trim(),
            language: f.language,
            category: f.category.trim(),
            title: f.title.trim(),
            content: f.content.trim(),
            sort: Number(f.sort) || 0,
            enabled: f.enabled,
          },
          { onSuccess: () => onDone(st('sd_help_saved')) },
        );
      }}
      data-testid="help-form"
    >
      <div className="site-editor">
        <div className="site-editor__fields">
          <div className="console-fields">
            <Input
              label={st('sd_term')}
              value={f.term}
              onChange={(e) => set('term', e.target.value)}
              error={err('term')}
              spellCheck={false}
              data-testid="help-term"
            />
            <Select
              label={st('sd_language')}
              value={f.language}
              values={LANGUAGES}
              name={(l) => l}
              onChange={(v) => set('language', v)}
              testId="help-language"
            />
            <Input
              label={st('sd_category')}
              value={f.category}
              onChange={(e) => set('category', e.target.value)}
              error={err('category')}
              data-testid="help-category"
            />
            <Input
              label={st('sd_order')}
              inputMode="numeric"
              value={f.sort}
              onChange={(e) => set('sort', e.target.value)}
              error={err('sort')}
            />
          </div>
          <Input
            label={st('sd_title')}
            value={f.title}
            maxLength={200}
            onChange={(e) => set('title', e.target.value)}
            error={err('title')}
            data-testid="help-title"
          />
          <TextArea
            label={st('sd_content')}
            value={f.content}
            rows={8}
            maxLength={20000}
            onChange={(e) => set('content', e.target.value)}
            error={err('content')}
            data-testid="help-content"
          />
          <p className="console-muted">{st('sd_markup_hint')}</p>
          <Checkbox label={st('sd_enabled')} checked={f.enabled} onChange={(e) => set('enabled', e.target.checked)} />
        </div>
        <figure className="site-preview" aria-label={st('sd_preview')} data-testid="help-preview">
          <figcaption className="field__label">
            {st('sd_preview')} · {f.language}
          </figcaption>
          <div className="site-preview__notice">
            <strong>{f.title}</strong>
            {f.content ? <SimpleMarkup text={f.content} /> : null}
          </div>
        </figure>
      </div>
      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="help-save">
          {existing ? t('cs_save') : st('sd_create')}
        </Button>
        <ErrorLine error={save.error && !Object.keys(save.error.fields).length ? save.error : null} />
      </div>
    </form>
  );
}

function HelpPanel({ t, st }: { t: ConsoleT; st: SiteDeskT }) {
  const q = useHelpArticles();
  const del = useDeleteHelp();
  const [editing, setEditing] = useState<Parameters<typeof HelpForm>[0]['current'] | 'new' | null>(null);
  const [done, setDone] = useState('');
  const terms = new Map<string, Help[]>();
  for (const h of [...(q.data ?? [])].sort((a, b) => a.sort - b.sort || a.term.localeCompare(b.term)))
    terms.set(h.term, [...(terms.get(h.term) ?? []), h]);
  return (
    <>
      <DeskCard id="site-help" title={st('sd_help')} hint={st('sd_help_hint')} testId="help-card">
        <ErrorLine error={q.error ?? del.error} />
        <DoneLine text={done} testId="help-done" />
        <div className="console-actions">
          <Button size="sm" onClick={() => setEditing('new')} data-testid="help-new">
            {st('sd_new_article')}
          </Button>
        </div>
        {q.data ? (
          <DeskTable
            testId="help-table"
            caption={st('sd_help')}
            columns={[{ label: st('sd_term') }, { label: st('sd_title'), wide: true }, { label: st('sd_languages') }]}
            empty={!terms.size}
            compact
            t={t}
          >
            {[...terms.entries()].map(([term, rows]) => (
              <tr key={term} data-testid="help-row">
                <td>
                  <code>{term}</code>
                </td>
                <td>{(rows.find((r) => r.language === 'PT') ?? rows[0])!.title}</td>
                <td>
                  <div className="console-actions">
                    {LANGUAGES.map((l) => {
                      const row = rows.find((r) => r.language === l);
                      return (
                        <Button
                          key={l}
                          size="sm"
                          variant={row ? 'secondary' : 'ghost'}
                          onClick={() => setEditing(row ?? { term, language: l, category: rows[0]!.category })}
                          aria-label={st(row ? 'sd_edit_in' : 'sd_write_in', { term, lang: l })}
                        >
                          {row ? l : `+${l}`}
                        </Button>
                      );
                    })}
                  </div>
                </td>
              </tr>
            ))}
          </DeskTable>
        ) : null}
      </DeskCard>
      {editing ? (
        <DeskCard
          id="site-help-form"
          title={editing === 'new' ? st('sd_new_article') : `${editing.term} · ${editing.language}`}
        >
          <HelpForm
            key={editing === 'new' ? 'new' : `${editing.term}/${editing.language}`}
            current={editing === 'new' ? null : editing}
            t={t}
            st={st}
            onDone={(text) => {
              setDone(text);
              setEditing(null);
            }}
          />
          {editing !== 'new' && 'id' in editing ? (
            <div className="console-actions">
              <Button
                size="sm"
                variant="ghost"
                onClick={() =>
                  window.confirm(st('sd_delete_confirm')) &&
                  del.mutate(editing.id, {
                    onSuccess: () => {
                      setDone(st('sd_deleted'));
                      setEditing(null);
                    },
                  })
                }
              >
                {st('sd_delete')}
              </Button>
            </div>
          ) : null}
        </DeskCard>
      ) : null}
    </>
  );
}

/**
 * The content desk (issue 21, decision 082): banners by group with their image, link, order and
 * window; announcements by type and execution; help articles per term and language; and the
 * brand's links. Every text is edited in each brand language beside a preview of what players see.
 */
export function ContentDesk({ t }: { t: ConsoleT }) {
  const { t: st, ready } = useSiteDeskText();
  const [section, setSection] = useState<Section>('banners');
  if (!ready) return <p className="console-muted">{t('cs_loading')}</p>;
  return (
    <div className="console-panel" data-testid="content-desk">
      <Tabs<Section>
        label={st('sd_sections')}
        value={section}
        onChange={setSection}
        variant="underline"
        items={SECTIONS.map((s) => ({ id: s, label: st(`sd_section_${s}`) }))}
      />
      {section === 'banners' ? <BannersPanel t={t} st={st} /> : null}
      {section === 'announcements' ? <AnnouncementsPanel t={t} st={st} /> : null}
      {section === 'help' ? <HelpPanel t={t} st={st} /> : null}
      {section === 'links' ? <LinksPanel t={t} st={st} /> : null}
    </div>
  );
}
