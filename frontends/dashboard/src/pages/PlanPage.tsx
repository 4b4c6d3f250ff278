import { describeError, isApiRequestError } from '@mediakit/web-api/errors';
import type { Me, Plan } from '@mediakit/web-api/types';
import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { formatBytes, formatDate, formatHours, formatPrice } from '@mediakit/web-ui/format';
import { Modal } from '@mediakit/web-ui/Modal';
import { PlanLimits } from '@mediakit/web-ui/PlanLimits';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useRef, useState } from 'react';
import { invalidate, keys } from '../api/cache-tags.ts';
import type { Billing, MediaFile, Page, Stats, Subscription } from '../api/types.ts';
import { saveUserPlan } from '../api/user-info.ts';
import { BillingForm } from '../components/BillingForm.tsx';
import { LoadError } from '../components/PageStates.tsx';
import { paymentsNotice } from '../lib/payments-notice.ts';
import { fieldErrors, needsBilling, type PlanChange, planChange } from '../lib/plan-change.ts';

interface Choice {
  plan: Plan;
  change: PlanChange;
}

/** `/dashboard/pricing`: the plan, its limits and the usage against them, plan changes, billing. */
export function PlanPage({ host }: RemotePageProps) {
  const { api } = host;
  const queryClient = useQueryClient();
  const plans = useQuery({ queryKey: keys.plans(), queryFn: () => api.get<{ plans: Plan[] }>('/plans') });
  const sub = useQuery({
    queryKey: keys.subscription(),
    queryFn: () => api.get<Subscription>('/account/subscription'),
    staleTime: 0,
  });
  const stats = useQuery({ queryKey: keys.stats(), queryFn: () => api.get<Stats>('/stats'), staleTime: 0 });
  const files = useQuery({
    queryKey: [...keys.files(''), 'largest'],
    queryFn: () => api.get<Page<MediaFile>>('/files', { query: { limit: 100 } }),
    staleTime: 0,
  });

  const [choice, setChoice] = useState<Choice>();
  // After a change the button that opened the dialog has turned into a badge: focus goes to the
  // heading that now names the plan, which a screen reader reads out.
  const changed = useRef(false);
  const planHeading = useRef<HTMLHeadingElement>(null);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const change = useMutation({
    mutationFn: (body: { plan: string; billing?: Billing }) =>
      api.put<Subscription>('/account/subscription', body),
    meta: { silent: true },
    onSuccess: async (updated, body) => {
      // The answer is the new state: written where /account and this page read the plan, so
      // neither shows the old plan while a refetch is under way (a cached copy only marked stale
      // was drawn until the network answered).
      queryClient.setQueryData(keys.subscription(), updated);
      queryClient.setQueryData<Me>(keys.me(), (me) => me && { ...me, plan: updated.plan });
      saveUserPlan(updated.plan);
      changed.current = true;
      setChoice(undefined);
      setErrors({ fields: {} });
      const was = sub.data?.plan;
      host.notify.success(
        updated.plan !== was
          ? `You are on ${nameOf(updated.plan)} now.`
          : updated.pendingPlan
            ? `${nameOf(updated.pendingPlan)} starts on ${formatDate(updated.currentPeriodEnd)}.`
            : body.billing && body.plan === was && !sub.data?.pendingPlan
              ? 'Billing details saved.'
              : `You stay on ${nameOf(updated.plan)}.`,
      );
      await Promise.all([
        invalidate(queryClient, 'planChanged'),
        queryClient.invalidateQueries({ queryKey: keys.me() }),
      ]);
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.status === 400) {
        const fields = fieldErrors(error.details, 'billing.');
        setErrors({ fields, form: Object.keys(fields).length ? undefined : error.message });
      } else if (isApiRequestError(error) && error.authFailed) {
        // The shell already sends the user to sign in.
      } else {
        setErrors({ fields: {}, form: describeError(error).message });
        host.showError(error);
      }
    },
  });
  const nameOf = (id: string) => plans.data?.plans.find((p) => p.id === id)?.name ?? id;

  if (plans.isError || sub.isError) {
    return (
      <>
        <h1>Your plan</h1>
        <LoadError
          what="Your plan"
          error={plans.error ?? sub.error}
          onRetry={() => {
            void plans.refetch();
            void sub.refetch();
          }}
        />
      </>
    );
  }
  // Usage lines grow when their numbers arrive (a phone wraps them), so the page also waits for the
  // usage (or its failure): nothing drawn moves afterwards.
  if (!plans.data || !sub.data || stats.isPending || files.isPending) {
    return (
      <>
        <h1>Your plan</h1>
        <Skeleton label="Loading your plan" lines={8} />
      </>
    );
  }
  const s = sub.data;
  const current = plans.data.plans.find((p) => p.id === s.plan);
  const notice = paymentsNotice(s.provider, host.session.user?.roles);
  const largest = Math.max(
    0,
    ...(files.data?.items.filter((f) => f.source === 'upload').map((f) => f.size) ?? []),
  );
  const busyJobs = stats.data ? stats.data.jobs.running + stats.data.jobs.queued : undefined;
  const choose = (plan: Plan) => {
    setErrors({ fields: {} });
    changed.current = false;
    setChoice({ plan, change: planChange(plans.data.plans, s, plan.id) });
  };

  return (
    <>
      <h1>Your plan</h1>
      {notice && (
        <p className="notice provider-notice" role="note">
          {notice}
        </p>
      )}

      <section className="panel" aria-labelledby="plan-current">
        <h2 id="plan-current" ref={planHeading} tabIndex={-1}>
          {current?.name ?? s.plan}
          {/* A free plan's price is its name: "Free", not "Free Free". */}
          {current && current.price.amount > 0 && (
            <>
              {' '}
              <span className="price-inline">{formatPrice(current.price)}</span>
            </>
          )}
        </h2>
        <p>
          This period: {formatDate(s.currentPeriodStart)} to {formatDate(s.currentPeriodEnd)}.
          {s.pendingPlan && (
            <>
              {' '}
              <strong>
                Changes to {nameOf(s.pendingPlan)} on {formatDate(s.currentPeriodEnd)}.
              </strong>
            </>
          )}
        </p>
        {current && (
          <dl className="usage">
            <dt>Largest file</dt>
            <dd>
              {files.data ? `${formatBytes(largest)} uploaded of ` : ''}
              {formatBytes(current.limits.maxFileBytes)} allowed per file
            </dd>
            <dt>Jobs at once</dt>
            <dd>
              {busyJobs !== undefined ? `${busyJobs} running or waiting, ` : ''}
              {current.limits.concurrentJobs} run at once (more wait their turn)
            </dd>
            <dt>Files per job</dt>
            <dd>up to {current.limits.batchSize}</dd>
            <dt>Files kept</dt>
            <dd>{formatHours(current.limits.retentionHours)}</dd>
            <dt>Storage used</dt>
            <dd>
              {stats.data ? `${formatBytes(stats.data.files.bytes)} in ${stats.data.files.count} files` : '…'}
            </dd>
          </dl>
        )}
      </section>

      <h2>Plans</h2>
      <ul className="plan-grid">
        {plans.data.plans.map((plan) => {
          const kind = planChange(plans.data.plans, s, plan.id);
          return (
            <li key={plan.id} className={`plan${plan.id === s.plan ? ' current' : ''}`}>
              <h3>{plan.name}</h3>
              <p className="price">{cardPrice(plan.price)}</p>
              <PlanLimits limits={plan.limits} />
              {kind === 'current' ? (
                <p className="badge">Your plan</p>
              ) : kind === 'cancel-downgrade' ? (
                <button type="button" className="button primary" onClick={() => choose(plan)}>
                  Keep {plan.name}
                </button>
              ) : s.pendingPlan === plan.id ? (
                <p className="badge">Starts {formatDate(s.currentPeriodEnd)}</p>
              ) : (
                <button
                  type="button"
                  className={`button${kind === 'upgrade' ? ' primary' : ''}`}
                  onClick={() => choose(plan)}
                >
                  {kind === 'upgrade' ? `Upgrade to ${plan.name}` : `Downgrade to ${plan.name}`}
                </button>
              )}
            </li>
          );
        })}
      </ul>

      <section className="panel billing" aria-labelledby="billing-title">
        <h2 id="billing-title">Billing details</h2>
        {current && current.price.amount > 0 ? (
          <BillingForm
            key={JSON.stringify(s.billing ?? {})}
            initial={s.billing}
            submitLabel="Save billing details"
            busy={change.isPending && !choice}
            errors={choice ? {} : errors.fields}
            formError={choice ? undefined : errors.form}
            onSubmit={(billing) => change.mutate({ plan: s.plan, billing })}
          />
        ) : (
          <p>The free plan needs none. You give them when you choose a paid plan.</p>
        )}
      </section>

      <Modal
        open={choice !== undefined}
        onClose={() => setChoice(undefined)}
        title={choice ? titleFor(choice) : ''}
        showCloseButton
        returnFocus={() => (changed.current ? planHeading.current : undefined)}
      >
        {choice && (
          <>
            <p>{explain(choice, s, nameOf)}</p>
            {notice && <p className="notice provider-notice">{notice}</p>}
            {choice.change === 'upgrade' && needsBilling(plans.data.plans, s, choice.plan.id) ? (
              <BillingForm
                initial={s.billing}
                submitLabel={`Upgrade to ${choice.plan.name}`}
                busy={change.isPending}
                errors={errors.fields}
                formError={errors.form}
                onCancel={() => setChoice(undefined)}
                onSubmit={(billing) => change.mutate({ plan: choice.plan.id, billing })}
              />
            ) : (
              <>
                {errors.form && (
                  <p className="field-error" role="alert">
                    {errors.form}
                  </p>
                )}
                <div className="button-row">
                  <button type="button" className="button" onClick={() => setChoice(undefined)}>
                    Cancel
                  </button>
                  <button
                    type="button"
                    className="button primary"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ plan: choice.plan.id })}
                  >
                    {change.isPending ? 'Saving…' : titleFor(choice).replace(/\?$/, '')}
                  </button>
                </div>
              </>
            )}
          </>
        )}
      </Modal>
    </>
  );
}

/** A plan card's price, "$0.00 / month" for the free one: its heading already says "Free". */
function cardPrice(price: Plan['price']): string {
  if (price.amount > 0) return formatPrice(price);
  const zero = new Intl.NumberFormat('en', { style: 'currency', currency: price.currency }).format(0);
  return `${zero} / ${price.interval}`;
}

function titleFor(choice: Choice): string {
  const name = choice.plan.name;
  if (choice.change === 'upgrade') return `Upgrade to ${name}`;
  if (choice.change === 'downgrade') return `Downgrade to ${name}`;
  return `Keep ${name}`;
}

function explain(choice: Choice, s: Subscription, nameOf: (id: string) => string): string {
  const end = formatDate(s.currentPeriodEnd);
  if (choice.change === 'upgrade') {
    return `${choice.plan.name} starts now, with its limits on your very next upload or job, and a new monthly period begins today (${formatPrice(choice.plan.price)}).`;
  }
  if (choice.change === 'downgrade') {
    return `You keep ${nameOf(s.plan)} until ${end}, the end of the period you paid for; ${choice.plan.name} starts then.`;
  }
  return `The change to ${s.pendingPlan ? nameOf(s.pendingPlan) : 'another plan'} planned for ${end} is canceled; you stay on ${choice.plan.name}.`;
}
