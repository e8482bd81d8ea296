import { Outlet } from 'react-router';
import { StaffProductsGuard } from '../components/staff-products-guard';

export { default as ProductEditorRoute } from './product-editor';
export { default as ProductVersionRoute } from './product-version';
export { default as ProductsListRoute } from './products-list';

/**
 * The product back office's frame (`/staff/products`): the guard around its screens. The screens
 * come from this module too, so the entry chunk carries one import for the whole area.
 */
export default function StaffProductsFrame() {
  return (
    <StaffProductsGuard>
      <Outlet />
    </StaffProductsGuard>
  );
}
