import './legal.css';
import { Link } from '@mediakit/web-shared/router';
import { formatHours } from '@mediakit/web-ui/format';
import { PlanLimits } from '@mediakit/web-ui/PlanLimits';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { usePlans, visitorPlan } from './use-plans.ts';

/**
 * `/terms`: the rules of this installation in plain words, matching what the software does (plans
 * and their limits from `GET /plans`, record-only payments, account deletion). The operator of the
 * installation, not the Mediakit project, provides the service.
 */
export function TermsPage() {
  const plans = usePlans();
  const visitor = plans.data && visitorPlan(plans.data.plans);
  return (
    <article className="legal">
      <h1>Terms of use</h1>
      <p className="lead">The rules for using this Mediakit installation, in plain words.</p>

      <h2>Who provides the service</h2>
      <p>
        Mediakit is open-source software, under the GNU Affero General Public License, version 3 or later.
        This installation is run by its operator, who provides the service and sets its limits; the Mediakit
        project does not run it. How your data is handled is on the <Link to="/privacy">privacy page</Link>.
      </p>

      <h2>Using the tools</h2>
      <p>
        Every tool is free to use, without an account and without a watermark. Upload only files you have the
        right to use, and nothing that is illegal where you are or where this server is. Do not try to break
        or overload the service: requests are limited per visitor, and mass automated use may be refused.
      </p>

      <h2>Your files stay yours</h2>
      <p>
        Uploading a file gives this installation no rights to it beyond what the tool you chose needs: storing
        it, processing it and handing you the result. Nobody else can open it.
      </p>
      <p>
        Files are deleted at their expiry time
        {visitor ? (
          <>
            {' '}
            (<strong>{formatHours(visitor.limits.retentionHours)}</strong> after upload without an account)
          </>
        ) : null}
        , so download your results before then. This is not a backup service: keep your originals.
      </p>

      <h2>Limits</h2>
      <p>
        Each plan sets the largest file, how many jobs run at once, how many files a job takes and how long
        files are kept. A file or a job over a limit is refused with a message that says which. Without an
        account you have the {visitor ? visitor.name : 'free'} plan's limits:
      </p>
      {plans.isError ? (
        <p className="notice">
          The current limits could not be loaded. The <Link to="/pricing">pricing page</Link> lists them.
        </p>
      ) : visitor ? (
        <PlanLimits limits={visitor.limits} />
      ) : (
        <Skeleton label="Loading the limits" lines={4} />
      )}
      <p>
        The other plans are on the <Link to="/pricing">pricing page</Link>.
      </p>

      <h2>Accounts</h2>
      <p>
        An account is optional. Keep your password to yourself: you are responsible for what is done with your
        account. You can delete it at any time on the <Link to="/account">account page</Link>, and everything
        it owns is deleted with it within seconds.
      </p>

      <h2>Plans and payments</h2>
      <p>
        As shipped, changing plans takes no money: the change is recorded, not charged, and the app says so
        where you choose a plan. An upgrade applies at once; a downgrade at the end of the current monthly
        period, until when you keep the plan you had. If the operator connects a payment provider, that
        provider's terms apply to the payment.
      </p>

      <h2>No guarantee</h2>
      <p>
        The service is provided as it is, without warranty, as the software's license says. A job can fail and
        the service can be unavailable; the operator may change the limits or stop the service. Keep copies of
        what matters to you.
      </p>

      <h2>Changes</h2>
      <p>
        The operator may change these terms. This page always shows the current version, and the limits on it
        are read from this installation's settings.
      </p>

      <h2>Questions</h2>
      <p>
        Write to the operator of this installation through the <Link to="/contact-us">contact page</Link>.
      </p>
    </article>
  );
}
