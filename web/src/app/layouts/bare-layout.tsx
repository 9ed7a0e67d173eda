import { Outlet } from 'react-router';

/** Bare layout: the page alone; the toast area is mounted at the root. */
export function BareLayout() {
  return (
    <main id="main" className="min-h-screen">
      <Outlet />
    </main>
  );
}

export default BareLayout;
