import { SOCIAL_KEYS, type Language, type SiteLinks } from '@app/contract';
import { useState } from 'react';
import { Button, Input } from '../../../components/ui/index.ts';
import { useSetSiteLinks, useSiteLinks } from '../api/site.ts';
import type { ConsoleT } from '../hooks/useConsoleText.ts';
import type { SiteDeskT } from '../hooks/useSiteDeskText.ts';
import { DeskCard, ErrorLine, LanguageTabs, SaveOutcome } from './parts.tsx';

type Cs = SiteLinks['customerService'][number];
type Resource = SiteLinks['resources'][number];

/** The error the server gave for a row's field ("customerService.1.path"). */
const rowError = (fields: Record<string, string> | undefined, list: string, i: number, k: string) =>
  fields?.[`${list}.${i}.${k}`] ?? (k === 'csType' || k === 'resourceType' ? fields?.[`${list}.${i}`] : undefined);

function LinksForm({ current, t, st }: { current: SiteLinks; t: ConsoleT; st: SiteDeskT }) {
  const save = useSetSiteLinks();
  const [cs, setCs] = useState<Cs[]>(current.customerService);
  const [resources, setResources] = useState<Resource[]>(current.resources);
  const [app, setApp] = useState(current.appDownload);
  const [lang, setLang] = useState<Language>('EN');
  const fields = save.error?.fields;
  const setCsRow = (i: number, v: Partial<Cs>) => setCs((l) => l.map((x, j) => (j === i ? { ...x, ...v } : x)));
  const setResRow = (i: number, v: Partial<Resource>) =>
    setResources((l) => l.map((x, j) => (j === i ? { ...x, ...v } : x)));

  return (
    <form
      className="console-form console-form--wide"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({
          customerService: cs.map((c) => ({
            csType: c.csType,
            displayName: c.displayName,
            names: Object.fromEntries(Object.entries(c.names).filter(([, v]) => v.trim())),
            path: c.path,
          })),
          resources,
          appDownload: app,
        });
      }}
      data-testid="links-form"
    >
      <fieldset className="site-rows">
        <legend className="console-card__title">{st('sd_customer_service')}</legend>
        <p className="console-muted">{st('sd_customer_service_hint')}</p>
        <LanguageTabs value={lang} onChange={setLang} t={t} />
        {cs.map((c, i) => (
          <div className="site-row" key={i} data-testid="cs-row">
            <Input
              label={st('sd_cs_type')}
              value={c.csType}
              onChange={(e) => setCsRow(i, { csType: e.target.value })}
              error={rowError(fields, 'customerService', i, 'csType')}
              spellCheck={false}
            />
            <Input
              label={st('sd_cs_name')}
              value={c.displayName}
              onChange={(e) => setCsRow(i, { displayName: e.target.value })}
              error={rowError(fields, 'customerService', i, 'displayName')}
            />
            <Input
              label={`${st('sd_cs_name')} (${lang})`}
              value={c.names[lang] ?? ''}
              onChange={(e) => setCsRow(i, { names: { ...c.names, [lang]: e.target.value } })}
              error={rowError(fields, 'customerService', i, `names.${lang}`)}
            />
            <Input
              label={st('sd_cs_path')}
              value={c.path}
              onChange={(e) => setCsRow(i, { path: e.target.value })}
              error={rowError(fields, 'customerService', i, 'path')}
              spellCheck={false}
            />
            <Button size="sm" variant="ghost" onClick={() => setCs((l) => l.filter((_, j) => j !== i))}>
              {st('sd_remove')}
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setCs((l) => [...l, { csType: 'LIVECHAT', displayName: '', names: {}, path: 'app:chat' }])}
        >
          {st('sd_add_cs')}
        </Button>
      </fieldset>

      <fieldset className="site-rows">
        <legend className="console-card__title">{st('sd_resources')}</legend>
        <p className="console-muted">{st('sd_resources_hint', { keys: SOCIAL_KEYS.join(', ') })}</p>
        {resources.map((r, i) => (
          <div className="site-row" key={i} data-testid="resource-row">
            <Input
              label={st('sd_resource_type')}
              value={r.resourceType}
              onChange={(e) => setResRow(i, { resourceType: e.target.value })}
              error={rowError(fields, 'resources', i, 'resourceType')}
              spellCheck={false}
            />
            <Input
              label={st('sd_resource_key')}
              value={r.key}
              onChange={(e) => setResRow(i, { key: e.target.value })}
              error={rowError(fields, 'resources', i, 'key')}
              spellCheck={false}
            />
            <Input
              label={st('sd_resource_url')}
              value={r.url}
              onChange={(e) => setResRow(i, { url: e.target.value })}
              error={rowError(fields, 'resources', i, 'url')}
              spellCheck={false}
              data-testid="resource-url"
            />
            <Button size="sm" variant="ghost" onClick={() => setResources((l) => l.filter((_, j) => j !== i))}>
              {st('sd_remove')}
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setResources((l) => [...l, { resourceType: 'SOCIAL', key: '', url: 'https://' }])}
        >
          {st('sd_add_resource')}
        </Button>
      </fieldset>

      <fieldset className="site-rows">
        <legend className="console-card__title">{st('sd_app_download')}</legend>
        <p className="console-muted">{st('sd_app_download_hint')}</p>
        <div className="console-fields">
          {(['ios', 'android', 'lite'] as const).map((k) => (
            <Input
              key={k}
              label={st(`sd_app_${k}`)}
              value={app[k]}
              onChange={(e) => setApp((a) => ({ ...a, [k]: e.target.value }))}
              error={fields?.[`appDownload.${k}`]}
              spellCheck={false}
              data-testid={`app-${k}`}
            />
          ))}
        </div>
      </fieldset>

      <section className="site-preview" aria-label={st('sd_preview')} data-testid="links-preview">
        <p className="field__label">
          {st('sd_preview')} · {lang}
        </p>
        <div className="site-preview__links">
          {cs.map((c, i) => (
            <span key={i} className="site-preview__chip">
              {c.names[lang]?.trim() || c.displayName}
            </span>
          ))}
          {resources
            .filter((r) => r.resourceType.toUpperCase() === 'SOCIAL')
            .map((r, i) => (
              <span key={`r${i}`} className="site-preview__chip site-preview__chip--social">
                {r.key}
              </span>
            ))}
        </div>
      </section>

      <div className="console-actions">
        <Button type="submit" loading={save.isPending} data-testid="links-save">
          {t('cs_save')}
        </Button>
        <SaveOutcome save={save} t={t} />
      </div>
    </form>
  );
}

/** Customer service entries, resources and social links, app download links: each list saved whole. */
export function LinksPanel({ t, st }: { t: ConsoleT; st: SiteDeskT }) {
  const q = useSiteLinks();
  return (
    <DeskCard id="site-links" title={st('sd_links')} hint={st('sd_links_hint')} testId="links-card">
      <ErrorLine error={q.error} />
      {q.data ? <LinksForm current={q.data} t={t} st={st} /> : null}
      {!q.data && !q.error ? <p className="console-muted">{t('cs_loading')}</p> : null}
    </DeskCard>
  );
}
