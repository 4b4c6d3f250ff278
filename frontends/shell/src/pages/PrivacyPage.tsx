import './legal.css';
import type { Plan } from '@mediakit/web-api/types';
import { Link } from '@mediakit/web-shared/router';
import { formatHours } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { usePlans, visitorPlan } from './use-plans.ts';

/**
 * `/privacy`: what this installation does with people's files and data, as the code does it
 * (docs/security.md "Privacy promises", "Encryption at rest"; docs/accounts.md). Retention times are
 * this installation's own, read from `GET /plans`.
 */
export function PrivacyPage() {
  const plans = usePlans();
  const visitor = plans.data && visitorPlan(plans.data.plans);
  return (
    <article className="legal">
      <h1>Privacy</h1>
      <p className="lead">
        What this Mediakit installation keeps, for how long, and who can see it, written from what the
        software actually does.
      </p>

      <section className="legal-summary" aria-labelledby="privacy-short">
        <h2 id="privacy-short">In short</h2>
        <ul>
          <li>
            Your files are deleted automatically:{' '}
            {visitor ? (
              <strong>{formatHours(visitor.limits.retentionHours)} after upload</strong>
            ) : (
              'at a set time after upload'
            )}{' '}
            when you use the tools without an account.
          </li>
          <li>Only you can open your files. Everyone else is told they do not exist.</li>
          <li>No analytics, no advertising, no tracking cookies, no third-party scripts.</li>
          <li>Your files are processed here, on this installation, and sent to nobody else.</li>
        </ul>
      </section>

      <h2>Who is responsible</h2>
      <p>
        Mediakit is open-source software. This installation is run by its operator, who decides where it runs,
        how long files are kept and who may use it, and who is responsible for your data here. The people who
        write Mediakit receive nothing from it: no files, no statistics, no error reports.
      </p>

      <h2>Your files, and how long they are kept</h2>
      <p>
        For each file you upload, this installation stores the file itself, its name, type and size, and for
        pictures and videos their dimensions and length. A tool's results are stored the same way, with the
        job that made them (the tool, your settings, its progress).
      </p>
      <p>
        Every file has an expiry time from the moment it exists. When that time comes, the file is deleted,
        first its content, then its record. This installation keeps files for:
      </p>
      <RetentionTable plans={plans.data?.plans} failed={plans.isError} />
      <p>
        A tool's results are deleted together with the job that made them. Deletion runs every minute (by
        default), so nothing outlives its time by more than about a minute. You need not wait: deleting a file
        or a job removes it from storage before the page even answers.
      </p>
      <p>
        Deleting your account removes everything it owns (files, jobs, support tickets, subscription and
        payment records) within seconds.
      </p>

      <h2>Who can see your files</h2>
      <p>
        Only their owner. Without an account, your first upload gives your browser a random owner id in a
        cookie that scripts cannot read, and what you create belongs to it. With an account, files belong to
        the account; if you sign in after working without one, what you made moves to your account. Anyone
        else asking for your file, your job or its progress is told it does not exist.
      </p>
      <p>
        <strong>Download links.</strong> To show a preview or download a file, the app asks for a link that
        opens that one file without signing in, for a limited time (30 minutes, unless the operator changed
        it). Anyone you give such a link can open the file until the link expires.
      </p>
      <p>
        The operator runs the servers your files are on. Files are stored encrypted there, as described below.
      </p>

      <h2>Encryption</h2>
      <p>
        <strong>In storage.</strong> Every upload and every result is encrypted before it is written, each
        file with its own key (AES-256-GCM), so a copy of the storage without this installation's key reveals
        nothing of their content. File names, sizes and types are kept in the database without this
        encryption. An upload still on its way, and a file a tool is working on, are kept unencrypted only
        until the upload or the job ends (an abandoned upload, until it expires).
      </p>
      <TransportNote />

      <h2>How your files are processed</h2>
      <p>
        Files are processed on this installation's servers, by the tool you choose, and kept in the storage
        the operator chose for it (a disk of the server or the operator's own storage service). They are not
        sent to anyone else. Image results are written without location or camera data, so a converted photo
        does not say where it was taken.
      </p>

      <h2>Cookies and what your browser keeps</h2>
      <p>Mediakit sets only the cookies it needs to work:</p>
      <ul className="legal-items">
        <li>
          <h3>
            <code>mk_guest</code>
          </h3>
          <p>
            Makes the files you create without an account yours. Set the first time you send something (an
            upload, a job, a message); scripts cannot read it.
          </p>
          <p className="meta">Kept 30 days.</p>
        </li>
        <li>
          <h3>
            <code>userInfo</code>, <code>accessToken</code>, <code>refreshToken</code>, <code>idToken</code>
          </h3>
          <p>
            Your session once you sign in: who you are, and the tokens that prove it. Signing out removes
            them.
          </p>
          <p className="meta">Kept 30 days; the access and ID tokens 1 day.</p>
        </li>
        <li>
          <h3>The sign-in pages' cookies</h3>
          <p>
            Carry a sign-in from one step to the next and remember that you signed in. Scripts cannot read
            them.
          </p>
          <p className="meta">Kept while you sign in, and up to 30 days after.</p>
        </li>
      </ul>
      <p>
        Besides cookies, your browser keeps the address of an unfinished upload (so choosing the same file
        again resumes it) and, while you sign in, the page to come back to. There are no analytics,
        advertising or tracking cookies, and the pages load no third-party scripts. That is why there is no
        cookie banner.
      </p>

      <h2>Your account</h2>
      <p>
        An account is optional. If you create one, this installation keeps your email address, your name if
        you give it, and your password as a one-way hash, never the password itself; your plan and, for a paid
        plan, the billing details you enter (name, address, country, VAT number); and a record of each plan
        change. A session ends when you sign out, when you change your password, or after 30 days without use.
        You can delete your account at any time on the <Link to="/account">account page</Link>.
      </p>

      <h2>Payments</h2>
      <p>
        As shipped, Mediakit takes no money: a plan change is recorded (the plans, the price, the date) and
        nothing is charged, and the app says so where you choose a plan. If the operator connects a payment
        provider, the payment happens with that provider, under its own terms.
      </p>

      <h2>Messages to the team</h2>
      <p>
        What you send through the <Link to="/contact-us">contact form</Link> (name, email, subject, message)
        is kept as a support ticket so the team can answer, and you get a confirmation by email. A signed-in
        user's tickets are deleted with the account.
      </p>

      <h2>Server logs</h2>
      <p>
        Like any web server, this installation logs requests (the address they came from, the page or action,
        the time) to keep the service running, and counts requests per address to slow down floods. How long
        logs are kept is up to the operator.
      </p>

      <h2>Questions</h2>
      <p>
        Write to the operator of this installation through the <Link to="/contact-us">contact page</Link>. See
        also the <Link to="/terms">terms of use</Link>.
      </p>
    </article>
  );
}

/** How long files live here: visitors (the free plan's limits), then each plan, from `GET /plans`. */
function RetentionTable({ plans, failed }: { plans: Plan[] | undefined; failed: boolean }) {
  if (failed)
    return (
      <p className="notice">
        The current times could not be loaded. The operator sets them; by default files are kept 1 hour
        without an account.
      </p>
    );
  if (!plans) return <Skeleton label="Loading how long files are kept" lines={3} />;
  const visitor = visitorPlan(plans);
  return (
    <table className="legal-table">
      <thead>
        <tr>
          <th scope="col">Who</th>
          <th scope="col">Files are kept</th>
        </tr>
      </thead>
      <tbody>
        {visitor && (
          <tr>
            <th scope="row">Without an account</th>
            <td>{formatHours(visitor.limits.retentionHours)} after upload</td>
          </tr>
        )}
        {plans.map((plan) => (
          <tr key={plan.id}>
            <th scope="row">{plan.name} plan</th>
            <td>{formatHours(plan.limits.retentionHours)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Whether this very page came over HTTPS: the one encryption the operator, not Mediakit, provides. */
function TransportNote() {
  const https = window.location.protocol === 'https:';
  return https ? (
    <p className="legal-status">
      <strong>On the way.</strong> This page reached you over HTTPS: what you upload and download travels
      encrypted between your browser and this server.
    </p>
  ) : (
    <p className="legal-status warning">
      <strong>On the way.</strong> This page reached you over plain HTTP: what you upload and download travels
      unencrypted between your browser and this server. The operator can turn on HTTPS.
    </p>
  );
}
