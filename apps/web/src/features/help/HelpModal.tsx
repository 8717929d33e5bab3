import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, Icon, Modal, SimpleMarkup, TabPanel, Tabs, UnreadBadge } from '../../components/ui/index.ts';
import { isInAppChat, openCustomerService, useSupportUnread } from '../../lib/customerService.ts';
import { HELP_TOPICS, isHelpTopic, type HelpTopic } from '../../lib/helpTopics.ts';
import { useSystemStatus } from '../../lib/system/index.ts';
import { useHelpArticles } from './api/help.ts';
import './help.css';

const PANEL_PREFIX = 'help';

const topicFromHash = (hash: string): HelpTopic | null => {
  const value = decodeURIComponent(hash.replace(/^#/, ''));
  return isHelpTopic(value) ? value : null;
};

/**
 * Help centre (spec §2 modals). `/help#term` opens it on that topic; picking a topic updates the
 * anchor so the view can be linked. Topic texts come from the help call (getHelpV2) in the
 * interface language; the operator edits them in the content API, in the small markup of
 * lib/markup.ts (paragraphs, headings, lists), shown as elements and never as HTML.
 */
export function HelpModal({ topic: initialTopic, onClose }: { topic?: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { customerService } = useSystemStatus();
  const unread = useSupportUnread();
  const articles = useHelpArticles();
  const location = useLocation();
  const navigate = useNavigate();
  const [topic, setTopic] = useState<HelpTopic>(
    () => topicFromHash(location.hash) ?? (initialTopic && isHelpTopic(initialTopic) ? initialTopic : HELP_TOPICS[0]),
  );

  // A footer link to another topic while the modal is open.
  useEffect(() => {
    const fromHash = topicFromHash(location.hash);
    if (fromHash) setTopic(fromHash);
  }, [location.hash]);

  const choose = (next: HelpTopic) => {
    setTopic(next);
    if (location.pathname === '/help') void navigate({ hash: next }, { replace: true, preventScrollReset: true });
  };

  const article = articles.data?.list.find((a) => a.term === topic);

  return (
    <Modal open onClose={onClose} title={t('help_title')} size="lg" testId="help-modal">
      <div className="help">
        <Tabs
          items={HELP_TOPICS.map((id) => ({ id, label: t(`help_${id}`) }))}
          value={topic}
          onChange={choose}
          label={t('help_topics')}
          idPrefix={PANEL_PREFIX}
          controlsPanels
          variant="underline"
          className="help__topics"
        />
        <TabPanel idPrefix={PANEL_PREFIX} id={topic}>
          <article className="help__article" data-topic={topic}>
            <h3 className="help__heading">{article?.title ?? t(`help_${topic}`)}</h3>
            <div className="help__text" data-testid="help-text">
              {article ? (
                <SimpleMarkup text={article.content} />
              ) : articles.isLoading ? (
                <p aria-busy="true">{t('help_loading')}</p>
              ) : (
                <p>{t('help_body')}</p>
              )}
            </div>
            {customerService[0] ? (
              <Button
                variant="secondary"
                leadingIcon={<Icon name="headset" size={18} />}
                onClick={() => openCustomerService(customerService[0])}
              >
                {t('in_customer_service')}
                {isInAppChat(customerService[0]) ? (
                  <UnreadBadge count={unread} label={t('cs_unread', { count: unread })} />
                ) : null}
              </Button>
            ) : null}
          </article>
        </TabPanel>
      </div>
    </Modal>
  );
}
