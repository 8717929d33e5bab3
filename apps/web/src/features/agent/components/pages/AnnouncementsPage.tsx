import { useState } from 'react';
import { useAgentAnnouncements } from '../../api/announcements.ts';
import { useAgentText } from '../../hooks/useAgentText.ts';
import { Badge, When } from '../Bits.tsx';
import { Pager } from '../Pager.tsx';
import { QueryView } from '../QueryView.tsx';

/** agentAnnouncement: what the operator tells its agents, pinned first. */
export function AnnouncementsPage() {
  const { t } = useAgentText();
  const [page, setPage] = useState(1);
  const query = useAgentAnnouncements({ page, pageSize: 10 });
  return (
    <div className="ag-page" data-testid="ag-announcements">
      <QueryView query={query} isEmpty={(v) => v.list.length === 0}>
        {(v) => (
          <>
            <ul className="ag-announcements">
              {v.list.map((a) => (
                <li key={a.id} className="ag-card ag-announcement">
                  <details open={a.pinned}>
                    <summary>
                      <span className="ag-announcement__title">{a.title}</span>
                      {a.pinned ? <Badge tone="info">{t('ag_pinned')}</Badge> : null}
                      <span className="ag-announcement__date">
                        <When value={a.publishedAt} />
                      </span>
                    </summary>
                    <p className="ag-announcement__body">{a.content}</p>
                  </details>
                </li>
              ))}
            </ul>
            <Pager page={v.pageNum} totalPages={v.totalPages} total={v.total} onPage={setPage} />
          </>
        )}
      </QueryView>
    </div>
  );
}
