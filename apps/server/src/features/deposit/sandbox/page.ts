import type { SandboxPaymentRow } from '../data.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const money = (amount: bigint, currency: string) => {
  try {
    const f = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = f.resolvedOptions().maximumFractionDigits ?? 2;
    return f.format(Number(amount) / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
};

const STATUS_TEXT: Record<string, string> = {
  created: 'Waiting for your payment',
  paid: 'Paid — the merchant has been told',
  declined: 'Declined — no money was taken',
};

/**
 * The sandbox gateway's pay page: plain HTML with forms (no script, so the site's CSP applies as
 * is), clearly marked as a test payment.
 */
export const sandboxPage = (p: SandboxPaymentRow, notice?: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Pay · ${esc(p.ref)}</title>
<style>
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #eef2f7; color: #111827; display: grid; min-height: 100vh; place-items: center; padding: 16px; box-sizing: border-box; }
  main { background: #fff; border-radius: 16px; box-shadow: 0 10px 30px rgba(15, 23, 42, .12); width: 100%; max-width: 420px; padding: 28px 24px; box-sizing: border-box; }
  .brand { display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; color: #1d4ed8; margin: 0 0 4px; }
  .tag { font-size: 12px; font-weight: 600; color: #92400e; background: #fef3c7; border-radius: 999px; padding: 2px 10px; }
  h1 { font-size: 34px; margin: 18px 0 4px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 18px 0; font-size: 14px; }
  dt { color: #4b5563; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  .status { padding: 10px 12px; border-radius: 10px; background: #f1f5f9; font-weight: 600; }
  .status.paid { background: #dcfce7; color: #14532d; } .status.declined { background: #fee2e2; color: #7f1d1d; }
  .actions { display: grid; gap: 10px; margin-top: 20px; }
  button, a.button { font: inherit; font-weight: 700; border: 0; border-radius: 10px; padding: 14px; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #1d4ed8; color: #fff; } .decline { background: #e5e7eb; color: #111827; } .back { background: #111827; color: #fff; display: block; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
  .notice { margin-top: 12px; font-size: 14px; color: #374151; }
  small { display: block; margin-top: 18px; color: #4b5563; }
</style>
</head>
<body>
<main>
  <p class="brand">Sandbox Pay <span class="tag">TEST PAYMENT</span></p>
  <h1 data-testid="sandbox-amount">${esc(money(p.amount, p.currency))}</h1>
  <dl>
    <dt>Payment</dt><dd>${esc(p.ref)}</dd>
    <dt>Merchant order</dt><dd>${esc(p.merchantOrder)}</dd>
  </dl>
  <p class="status ${esc(p.status)}" role="status" data-testid="sandbox-status">${esc(STATUS_TEXT[p.status] ?? p.status)}</p>
  ${notice ? `<p class="notice">${esc(notice)}</p>` : ''}
  <form method="post" class="actions">
    ${
      p.status === 'created'
        ? `<button class="pay" name="action" value="pay" data-testid="sandbox-pay">Pay ${esc(money(p.amount, p.currency))}</button>
    <button class="decline" name="action" value="decline" data-testid="sandbox-decline">Decline</button>`
        : `<button class="decline" name="action" value="resend" data-testid="sandbox-resend">Send the merchant's callback again</button>`
    }
  </form>
  <div class="actions"><a class="button back" href="${esc(p.returnUrl)}" data-testid="sandbox-return">Return to the site</a></div>
  <small>No real money moves in the sandbox. The merchant learns the result only through a signed callback.</small>
</main>
</body>
</html>`;

export const notFoundPage =
  () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox Pay</title></head>
<body><main><h1>Unknown payment</h1><p>This payment does not exist.</p></main></body></html>`;
