/** The page's toast region (aria-live): shows $toast, e.g. "Coupon code copied!" for 3 s. */
import { $toast } from '../../stores/toast.ts';
import { useStoreAfterHydration } from '../common/use-hydrated.ts';

export function Toast() {
  const toast = useStoreAfterHydration($toast, null);
  return (
    <div
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex justify-center px-4"
    >
      {toast && (
        <p
          key={toast.id}
          role="status"
          data-toast={toast.tone}
          className={`pointer-events-auto rounded-full px-5 py-3 text-sm font-semibold text-white shadow-lg ${toast.tone === 'error' ? 'bg-red-700' : 'bg-secondary'}`}
        >
          {toast.message}
        </p>
      )}
    </div>
  );
}
