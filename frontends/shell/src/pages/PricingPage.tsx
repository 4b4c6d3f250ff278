import type { Plan } from '@mediakit/web-api/types';
import { useQuery } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import { formatPrice } from '@mediakit/web-ui/format';
import { PlanLimits } from '@mediakit/web-ui/PlanLimits';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useSession } from '../session/use-session.ts';
import { useShell } from '../shell-context.tsx';

export function PricingPage() {
  const { api } = useShell();
  const { signedIn, user } = useSession();
  const plans = useQuery({ queryKey: ['plans'], queryFn: () => api.get<{ plans: Plan[] }>('/plans') });
  return (
    <>
      <h1>Pricing</h1>
      <p className="lead">Every tool is free, without a watermark. Paid plans raise the limits.</p>
      {plans.isError ? (
        <p className="notice">The plans could not be loaded.</p>
      ) : !plans.data ? (
        <Skeleton label="Loading the plans" lines={6} />
      ) : (
        <ul className="plan-grid">
          {plans.data.plans.map((plan) => {
            const current = signedIn && user?.plan === plan.id;
            return (
              <li key={plan.id} className={`plan${current ? ' current' : ''}`}>
                <h2>{plan.name}</h2>
                <p className="price">{formatPrice(plan.price)}</p>
                <PlanLimits limits={plan.limits}>
                  <li>No watermark</li>
                </PlanLimits>
                {current ? (
                  <p className="badge">Your plan</p>
                ) : signedIn ? (
                  <Link className="button" to="/dashboard/pricing">
                    Choose {plan.name}
                  </Link>
                ) : (
                  <Link
                    className="button"
                    to={plan.price.amount === 0 ? '/tools' : '/?login=true&returnTo=%2Fdashboard%2Fpricing'}
                  >
                    {plan.price.amount === 0 ? 'Start now' : `Sign in to choose ${plan.name}`}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
