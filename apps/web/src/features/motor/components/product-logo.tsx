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
  // The underwriters' logos are wordmarks (160×64): shown in their own shape, large enough to read,
  // not squeezed into a square.
  const [width, height] = size === 'lg' ? [160, 64] : [120, 48];
  return (
    <img
      src={src}
      alt={t('motor.quotes.logoAlt', { name })}
      onError={showDefaultLogo}
      width={width}
      height={height}
      style={{ width, height }}
      className="shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
    />
  );
}
