/**
 * The inbox's pages, rendered on the server with React (no script runs in them): the sign-in
 * form, the list of records with their filters, delivery states and resend buttons, and one
 * record's page with everything it holds. Every form control has a label, every change is a
 * POST form carrying the session's CSRF token.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AuditEntry } from './auditLog.ts';
import { type AdminRecord, RECORD_KINDS, type RecordFilter } from './recordQuery.ts';

/** Path of the inbox. */
export const ADMIN_ROOT = '/admin/';

const KIND_LABELS: Record<AdminRecord['kind'], string> = {
  lead: 'Lead',
  service_booking: 'Service booking',
  valuation: 'Valuation',
  reservation: 'Reservation',
};

const STYLE = `
:root{--ink:#1b2430;--muted:#5b6675;--line:#d9dee5;--bg:#f5f7fa;--accent:#0b3d91;--bad:#a4161a;--good:#1e6b35;--warn:#8a5a00}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1.5rem;background:#fff;border-bottom:1px solid var(--line)}
h1{font-size:1.15rem;margin:0}main{padding:1.5rem;max-width:1400px;margin:0 auto}
form.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;background:#fff;border:1px solid var(--line);border-radius:8px;padding:1rem;margin-bottom:1rem}
label{display:flex;flex-direction:column;font-size:.85rem;color:var(--muted);gap:.2rem}
input,select,button{font:inherit;padding:.4rem .6rem;border:1px solid #aab3bf;border-radius:6px;background:#fff;color:var(--ink)}
button,.button{cursor:pointer;background:var(--accent);color:#fff;border-color:var(--accent);text-decoration:none;display:inline-block;padding:.4rem .8rem;border-radius:6px}
button.secondary,.button.secondary{background:#fff;color:var(--accent)}
:focus-visible{outline:3px solid #f5b700;outline-offset:2px}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid var(--line);border-radius:8px}
caption{text-align:left;padding:.5rem 0;color:var(--muted)}
th,td{text-align:left;vertical-align:top;padding:.6rem .75rem;border-bottom:1px solid var(--line)}th{font-size:.8rem;text-transform:uppercase;letter-spacing:.03em;color:var(--muted)}
td small{display:block;color:var(--muted)}ul.deliveries{list-style:none;margin:0;padding:0}ul.deliveries li{margin-bottom:.4rem}
.state{font-weight:600}.state-sent,.state-paid{color:var(--good)}.state-failed,.state-cancelled{color:var(--bad)}.state-pending{color:var(--warn)}
.notice{background:#e8f3ec;border:1px solid #b7dcc3;padding:.6rem 1rem;border-radius:6px;margin-bottom:1rem}
.error{background:#fbeaea;border:1px solid #e5b5b7;padding:.6rem 1rem;border-radius:6px;margin-bottom:1rem}
.signin{max-width:24rem;margin:10vh auto;background:#fff;border:1px solid var(--line);border-radius:8px;padding:1.5rem}.signin label{margin-bottom:.8rem}
details{margin-top:1.5rem;background:#fff;border:1px solid var(--line);border-radius:8px;padding:.75rem 1rem}
h2{font-size:1.3rem;margin:.5rem 0 1rem}h3{font-size:1.05rem;margin:1.5rem 0 .5rem}a{color:var(--accent)}
dl.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem 1.5rem;margin:0 0 1rem;background:#fff;border:1px solid var(--line);border-radius:8px;padding:1rem}
dl.facts dt{font-size:.8rem;color:var(--muted)}dl.facts dd{margin:0;overflow-wrap:anywhere}td.value{white-space:pre-wrap;overflow-wrap:anywhere}
`;

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>{children}</body>
    </html>
  );
}

/** The sign-in page; `error` is shown above the form. */
export function loginPage({ siteName, error }: { siteName: string; error?: string | null }): string {
  return document(
    <Page title={`Sign in · ${siteName} inbox`}>
      <main>
        <form className="signin" method="post" action={`${ADMIN_ROOT}login`}>
          <h1>{siteName} inbox</h1>
          {error ? (
            <p className="error" role="alert">
              {error}
            </p>
          ) : null}
          <label>
            User name
            <input name="user" autoComplete="username" required defaultValue="admin" />
          </label>
          <label>
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <button type="submit">Sign in</button>
        </form>
      </main>
    </Page>,
  );
}

/** The inbox: filters, the records with their delivery states, and the audit trail. */
export function inboxPage({
  siteName,
  user,
  csrf,
  filter,
  query,
  dealerships,
  records,
  limit,
  notice,
  audit,
  timeZone,
}: {
  siteName: string;
  user: string;
  csrf: string;
  filter: RecordFilter;
  /** The query string of the filter (for the CSV link). */
  query: string;
  dealerships: readonly string[];
  records: AdminRecord[];
  limit: number;
  notice: string | null;
  audit: AuditEntry[];
  timeZone: string | null;
}): string {
  const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: timeZone ?? undefined });
  const day = (date: Date | null | undefined) => (date ? date.toISOString().slice(0, 10) : '');
  return document(
    <Page title={`${siteName} inbox`}>
      <InboxHeader siteName={siteName} user={user} csrf={csrf} />
      <main>
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
        <form className="filters" method="get" action={ADMIN_ROOT} role="search">
          <label>
            Search
            <input type="search" name="q" defaultValue={filter.search ?? ''} placeholder="Name, email, phone, message…" />
          </label>
          <label>
            Kind
            <select name="kind" defaultValue={filter.kinds?.length === 1 ? filter.kinds[0] : ''}>
              <option value="">All kinds</option>
              {RECORD_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Dealership
            <select name="dealership" defaultValue={filter.dealership ?? ''}>
              <option value="">All dealerships</option>
              {dealerships.map((slug) => (
                <option key={slug} value={slug}>
                  {slug}
                </option>
              ))}
            </select>
          </label>
          <label>
            From
            <input type="date" name="since" defaultValue={day(filter.since)} />
          </label>
          <label>
            To
            <input type="date" name="until" defaultValue={day(filter.until ? new Date(filter.until.getTime() - 86_400_000) : null)} />
          </label>
          <button type="submit">Apply</button>
          <a className="button secondary" href={ADMIN_ROOT}>
            Clear
          </a>
          <a className="button secondary" href={`${ADMIN_ROOT}records.csv${query ? `?${query}` : ''}`} download>
            Download CSV
          </a>
        </form>
        <table>
          <caption>
            {records.length === 0
              ? 'Nothing matches these filters.'
              : `${records.length} record${records.length === 1 ? '' : 's'}, newest first${records.length === limit ? ` (the newest ${limit}: narrow the filters for older ones)` : ''}.`}
          </caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Kind</th>
              <th scope="col">Who</th>
              <th scope="col">About</th>
              <th scope="col">Status</th>
              <th scope="col">Deliveries</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={`${record.kind}-${record.id}`}>
                <td>
                  {when.format(new Date(record.created_at))}
                  <small>
                    <a href={recordPath(record)} aria-label={`${KIND_LABELS[record.kind]} #${record.id}: everything it holds`}>
                      #{record.id}
                    </a>
                  </small>
                </td>
                <td>
                  {KIND_LABELS[record.kind]}
                  <small>{record.dealership_slug}</small>
                </td>
                <td>
                  {record.name || '—'}
                  {record.email ? <small>{record.email}</small> : null}
                  {record.phone ? <small>{record.phone}</small> : null}
                </td>
                <td>
                  {[record.category, record.subcategory].filter(Boolean).join(' / ') || '—'}
                  {record.car_id !== null ? <small>Car {record.car_id}</small> : null}
                  {typeof record.payload.message === 'string' && record.payload.message ? <small>{record.payload.message}</small> : null}
                </td>
                <td>
                  {record.payment ? (
                    <>
                      <span className={`state state-${record.payment.status}`}>Payment {record.payment.status}</span>
                      <small>
                        {record.payment.amount} {record.payment.currency} · {record.payment.provider}
                      </small>
                    </>
                  ) : (
                    <>
                      {record.status}
                      {record.offer_price !== null ? <small>Offer {record.offer_price}</small> : null}
                    </>
                  )}
                </td>
                <td>
                  <Deliveries record={record} csrf={csrf} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <details>
          <summary>Recent changes</summary>
          <ul>
            {audit.map((entry) => (
              <li key={entry.id}>
                {when.format(new Date(entry.at))}: {entry.actor} {entry.action.replace(/_/g, ' ')}
                {entry.address ? ` from ${entry.address}` : ''} {Object.keys(entry.detail).length ? JSON.stringify(entry.detail) : ''}
              </li>
            ))}
          </ul>
        </details>
      </main>
    </Page>,
  );
}

/** Where a record's own page is. */
export function recordPath(record: Pick<AdminRecord, 'kind' | 'id'>): string {
  return `${ADMIN_ROOT}records/${record.kind}/${record.id}`;
}

/** One record: every field the form sent, its payment, and each delivery with its last error and a resend button. */
export function recordPage({
  siteName,
  user,
  csrf,
  record,
  timeZone,
}: {
  siteName: string;
  user: string;
  csrf: string;
  record: AdminRecord;
  timeZone: string | null;
}): string {
  const when = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'medium', timeZone: timeZone ?? undefined });
  const title = `${KIND_LABELS[record.kind]} #${record.id}`;
  const facts: [string, ReactNode][] = [
    ['Received', when.format(new Date(record.created_at))],
    ['Dealership', record.dealership_slug],
    ['Name', record.name || '—'],
    ['Email', record.email || '—'],
    ['Phone', record.phone || '—'],
    ['About', [record.category, record.subcategory].filter(Boolean).join(' / ') || '—'],
    ['Status', record.status],
  ];
  if (record.car_id !== null) facts.push(['Car', String(record.car_id)]);
  if (record.offer_price !== null) facts.push(['Offer', String(record.offer_price)]);
  if (record.payment)
    facts.push([
      'Payment',
      <>
        <span className={`state state-${record.payment.status}`}>{record.payment.status}</span>: {record.payment.amount} {record.payment.currency} ·{' '}
        {record.payment.provider} · {record.payment.reference}
      </>,
    ]);
  return document(
    <Page title={`${title} · ${siteName} inbox`}>
      <InboxHeader siteName={siteName} user={user} csrf={csrf} />
      <main>
        <p>
          <a href={ADMIN_ROOT}>Back to all records</a>
        </p>
        <h2>{title}</h2>
        <dl className="facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h3>Deliveries</h3>
        <Deliveries record={record} csrf={csrf} />
        <table>
          <caption>Everything the form sent</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(record.payload).map(([key, value]) => (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td className="value">{typeof value === 'string' ? value : JSON.stringify(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </Page>,
  );
}

function InboxHeader({ siteName, user, csrf }: { siteName: string; user: string; csrf: string }) {
  return (
    <header>
      <h1>{siteName} inbox</h1>
      <form method="post" action={`${ADMIN_ROOT}logout`}>
        <input type="hidden" name="_csrf" value={csrf} />
        <span>Signed in as {user} </span>
        <button type="submit" className="secondary">
          Sign out
        </button>
      </form>
    </header>
  );
}

/** A record's deliveries: destination, state, attempts, last error, and Resend for a settled one. */
function Deliveries({ record, csrf }: { record: AdminRecord; csrf: string }) {
  if (record.deliveries.length === 0) return <small>No destination</small>;
  return (
    <ul className="deliveries">
      {record.deliveries.map((delivery) => (
        <li key={delivery.delivery_id}>
          {delivery.destination} ({delivery.type}): <span className={`state state-${delivery.status}`}>{delivery.status}</span>
          {delivery.attempts ? ` after ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}` : ''}
          {delivery.last_error && delivery.status !== 'sent' ? <small>{delivery.last_error}</small> : null}
          {delivery.status === 'failed' || delivery.status === 'sent' ? (
            <form method="post" action={`${ADMIN_ROOT}deliveries/${encodeURIComponent(delivery.delivery_id)}/resend`}>
              <input type="hidden" name="_csrf" value={csrf} />
              <button type="submit" className="secondary" aria-label={`Resend to ${delivery.destination} (record ${record.id})`}>
                Resend
              </button>
            </form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function document(element: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(element)}`;
}
