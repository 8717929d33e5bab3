import type { ReactNode } from 'react';

export interface Column<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
  align?: 'end';
  /** Hidden in the phone card layout (secondary detail). */
  wideOnly?: boolean;
}

/**
 * A report table on wide screens; on phones every row becomes a card of label/value pairs
 * (agent-pages.css), so nothing scrolls sideways at 360 px.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  caption,
  testId,
  footer,
}: {
  columns: Column<R>[];
  rows: readonly R[];
  rowKey: (r: R) => string | number;
  caption: string;
  testId?: string;
  footer?: ReactNode;
}) {
  return (
    <div className="ag-table-wrap">
      <table className="ag-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.align === 'end' ? 'ag-num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td
                  key={c.key}
                  data-label={c.label}
                  className={
                    [c.align === 'end' ? 'ag-num' : '', c.wideOnly ? 'ag-wide' : ''].join(' ').trim() || undefined
                  }
                >
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
