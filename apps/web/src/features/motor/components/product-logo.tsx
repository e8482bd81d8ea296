import type { SyntheticEvent } from 'react';
import type { MotorProduct } from '../../../lib/motor-types';
import { t } from '../i18n';

export const DEFAULT_LOGO = '/images/underwriters/default.svg';

function showDefaultLogo(event: SyntheticEvent<HTMLImageElement>) {
  const image = event.currentTarget;
  if (image.dataset.fallback) return;
  image.dataset.fallback = 'true';
  image.src = DEFAULT_LOGO;
}

/** The product's (underwriter's) logo, with the default logo when there is none or it fails to load. */
export function ProductLogo({
  product,
  size = 'md',
}: {
  product: Pick<MotorProduct, 'underwriter' | 'productLogo' | 'productName'>;
  size?: 'md' | 'lg';
}) {
  const underwriter = product.underwriter[0];
  const src = product.productLogo || underwriter?.logo || DEFAULT_LOGO;
  const name = underwriter?.name ?? product.productName;
  const box = size === 'lg' ? 'size-20' : 'size-14';
  return (
    <img
      src={src}
      alt={t('motor.quotes.logoAlt', { name })}
      onError={showDefaultLogo}
      width={size === 'lg' ? 80 : 56}
      height={size === 'lg' ? 80 : 56}
      className={`${box} shrink-0 rounded-xl border border-slate-200 bg-white object-contain p-1`}
    />
  );
}
