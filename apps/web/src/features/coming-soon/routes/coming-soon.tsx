import { type CatalogueProduct, catalogueInLanguage } from '@bima/domain/catalogue-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { Breadcrumb } from '../../../components/breadcrumb';
import { Button } from '../../../components/button';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { cardClass, fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { ApiError, callAction } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n';
import { usePersistedStore } from '../../../lib/persisted-store';
import { authStore } from '../../../stores/auth';
import { t } from '../i18n';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The catalogue (the landing page's query, shared through the cache). */
const catalogueQuery = {
  queryKey: ['catalogue', 'products'],
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    callAction('underwriting/catalogue/listProducts', {}, { signal }),
  staleTime: 5 * 60_000,
};

/**
 * A coming-soon product's page (`/{routeName}/{productId}/{classCode}`): what it will cover and
 * "Tell me when it's available" — an e-mail we keep to tell you once, when you can buy it.
 */
export default function ComingSoonRoute() {
  const routeName = useLocation().pathname.split('/')[1] ?? '';
  const catalogue = useQuery(catalogueQuery);
  const language = useLanguage();
  const entry = catalogue.data?.find((item) => item.routeName === routeName);
  const product = entry ? catalogueInLanguage(entry, language) : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Breadcrumb
        items={[{ label: t('comingSoon.home'), href: paths.home.getHref() }, { label: product?.name ?? '…' }]}
      />
      <QueryStatus
        isPending={catalogue.isPending}
        isError={catalogue.isError}
        onRetry={() => void catalogue.refetch()}
      />
      {product ? <ProductPage product={product} /> : null}
    </div>
  );
}

function ProductPage({ product }: { product: CatalogueProduct }) {
  const signedInEmail = usePersistedStore(authStore, (state) => state.authData?.email ?? '');
  const [email, setEmail] = useState(signedInEmail);
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const register = useMutation({
    mutationFn: async (address: string) =>
      callAction(
        'underwriting/catalogue/registerInterest',
        { routeName: product.routeName, email: address },
        { silent: true },
      ),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setError(address ? t('comingSoon.emailInvalid') : t('comingSoon.emailRequired'));
      return;
    }
    setError(null);
    register.mutate(address);
  };
  const failure = register.error
    ? register.error instanceof ApiError
      ? (register.error.errors[0]?.message ?? register.error.err_msg ?? t('comingSoon.failed'))
      : t('comingSoon.failed')
    : null;

  return (
    <article className="space-y-6">
      <div>
        <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          {t('comingSoon.badge')}
        </span>
        <ScreenHeading level={1}>{product.name}</ScreenHeading>
        <p className="mt-2 text-lg text-slate-800">{product.description}</p>
      </div>
      {product.keyFeatures.length > 0 ? (
        <section className={cardClass} aria-labelledby={`${emailId}-covers`}>
          <h2 id={`${emailId}-covers`} className="text-xl font-bold text-slate-900">
            {t('comingSoon.willCover')}
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
            {product.keyFeatures.map((feature) => (
              <li key={feature.label}>{feature.label}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={cardClass} aria-labelledby={`${emailId}-tell`}>
        <h2 id={`${emailId}-tell`} className="text-xl font-bold text-slate-900">
          {t('comingSoon.tellMe')}
        </h2>
        {register.isSuccess ? (
          <p role="status" className="mt-3 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-900">
            {t('comingSoon.done', { email: email.trim().toLowerCase(), name: product.name })}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="mt-3 space-y-3">
            <p className="text-slate-700">{t('comingSoon.tellMeText', { name: product.name })}</p>
            <div>
              <label htmlFor={emailId} className={labelClass}>
                {t('comingSoon.email')}
              </label>
              <input
                id={emailId}
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${emailId}-error` : undefined}
                className={inputClass}
              />
              {error ? (
                <p id={`${emailId}-error`} className={fieldErrorClass}>
                  {error}
                </p>
              ) : null}
            </div>
            {failure ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 font-semibold text-red-900">
                {failure}
              </p>
            ) : null}
            <Button type="submit" disabled={register.isPending} aria-busy={register.isPending}>
              {register.isPending ? t('comingSoon.sending') : t('comingSoon.submit')}
            </Button>
          </form>
        )}
      </section>
    </article>
  );
}
