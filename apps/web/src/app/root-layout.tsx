import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

/** Wraps every page: a thin progress bar while the next page's code or data loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        aria-hidden
        className={`pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5 origin-left bg-brand transition-[transform,opacity] duration-500 ${
          busy ? 'scale-x-75 opacity-100' : 'scale-x-100 opacity-0'
        }`}
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
