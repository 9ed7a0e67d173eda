import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { SaveButton } from './ui';

/** A modal form: title, fields, Cancel and Save. */
export function EditDialog({
  open,
  onOpenChange,
  title,
  onSubmit,
  saving,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onSubmit: () => void;
  saving: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboardCatalogue');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(46rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <div className="mb-5 flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label={t('cancel')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <form onSubmit={submit} className="space-y-5" noValidate>
            {children}
            <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
              <Dialog.Close type="button" className={buttonClass('secondary')}>
                {t('cancel')}
              </Dialog.Close>
              <SaveButton saving={saving}>{t('save')}</SaveButton>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
