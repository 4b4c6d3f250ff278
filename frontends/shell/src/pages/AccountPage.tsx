import type { Me, Plan, Subscription } from '@mediakit/web-api/types';
import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import { Link } from '@mediakit/web-shared/router';
import { ACCOUNT_KEYS } from '@mediakit/web-ui/contract';
import { formatBytes, formatDate, formatHours, formatPrice } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { type FormEvent, useEffect, useState } from 'react';
import { signOut } from '../session/sign-in.ts';
import { useShell } from '../shell-context.tsx';

export function AccountPage() {
  const { api, store, notify } = useShell();
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ACCOUNT_KEYS.me, queryFn: () => api.get<Me>('/auth/me') });
  const plans = useQuery({
    queryKey: ACCOUNT_KEYS.plans,
    queryFn: () => api.get<{ plans: Plan[] }>('/plans'),
  });
  // The plan comes from the subscription, which the dashboard's plan page writes into the cache
  // with every change (so it is current here at once) and which knows a scheduled downgrade.
  // Without it (an error), the account's own plan.
  const sub = useQuery({
    queryKey: ACCOUNT_KEYS.subscription,
    queryFn: () => api.get<Subscription>('/account/subscription'),
    staleTime: 0,
    meta: { silent: true },
  });
  const [name, setName] = useState('');
  useEffect(() => {
    if (me.data) setName(me.data.name ?? '');
  }, [me.data]);
  const rename = useMutation({
    mutationFn: (newName: string) => api.patch<Me>('/account', { name: newName }),
    onSuccess: (updated) => {
      queryClient.setQueryData(ACCOUNT_KEYS.me, (old: Me | undefined) => ({ ...old, ...updated }) as Me);
      const info = store.userInfo();
      if (info) store.saveUserInfo({ ...info, name: updated.name ?? name });
      notify.success('Your name was saved.');
    },
  });
  const nameOf = (id: string) => plans.data?.plans.find((p) => p.id === id)?.name ?? id;
  const planId = sub.data?.plan ?? me.data?.plan;
  const plan = plans.data?.plans.find((p) => p.id === planId);
  const pending = sub.data?.pendingPlan;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name.trim());
  };
  return (
    <>
      <h1>Your account</h1>
      {/* The plan's details arriving after the profile would push the sections below them down. */}
      {!me.data || plans.isPending || sub.isPending ? (
        <Skeleton label="Loading your account" lines={5} />
      ) : (
        <div className="account-grid">
          <section className="panel" aria-labelledby="profile-title">
            <h2 id="profile-title">Profile</h2>
            <dl className="facts">
              <dt>Email</dt>
              <dd>{me.data.email}</dd>
            </dl>
            <form className="form" onSubmit={submit}>
              <div className="field">
                <label htmlFor="account-name">Name</label>
                <input
                  id="account-name"
                  value={name}
                  maxLength={100}
                  required
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
              <button type="submit" className="button primary" disabled={rename.isPending || !name.trim()}>
                {rename.isPending ? 'Saving…' : 'Save name'}
              </button>
            </form>
          </section>
          <section className="panel" aria-labelledby="plan-title">
            <h2 id="plan-title">Plan</h2>
            {plan ? (
              <dl className="facts">
                <dt>Plan</dt>
                <dd>
                  {plan.name}
                  {plan.price.amount > 0 && ` (${formatPrice(plan.price)})`}
                </dd>
                {pending && sub.data && (
                  <>
                    <dt>Scheduled</dt>
                    <dd>
                      {plan.name} until {formatDate(sub.data.currentPeriodEnd)}, then {nameOf(pending)}
                    </dd>
                  </>
                )}
                <dt>Largest file</dt>
                <dd>{formatBytes(plan.limits.maxFileBytes)}</dd>
                <dt>Jobs at once</dt>
                <dd>{plan.limits.concurrentJobs}</dd>
                <dt>Files kept</dt>
                <dd>{formatHours(plan.limits.retentionHours)}</dd>
              </dl>
            ) : (
              <p>{planId}</p>
            )}
            <p>
              <Link to="/dashboard/pricing">Change plan</Link>
            </p>
          </section>
          <section className="panel" aria-labelledby="signout-title">
            <h2 id="signout-title">Sign out</h2>
            <p>Signs you out here and at the sign-in provider.</p>
            <button type="button" className="button" onClick={() => void signOut(store)}>
              Sign out
            </button>
          </section>
        </div>
      )}
    </>
  );
}
