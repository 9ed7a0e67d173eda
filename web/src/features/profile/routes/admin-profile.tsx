import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { useAuth } from '@/lib/auth';
import { personName } from '@/lib/person-name';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { profileKeys } from '../api/keys';
import { profileQueries } from '../api/queries';
import { AccountSecurity } from '../components/account-security';
import { PersonalData } from '../components/personal-data';
import { AVATAR_PLACEHOLDER, Img } from '../components/image';
import { UpdateProfileDialog } from '../components/update-profile-dialog';
import type { ProfileUser } from '../types';

/**
 * /dashboard/ADMIN-profile (every dashboard role): the person's own account in the dashboard's layout — their
 * profile (edited in the profile's dialog), their password and the sessions open on their devices.
 */
export default function AdminProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { user: sessionUser, reloadUser } = useAuth();
  const queryClient = useQueryClient();
  const fresh = useQuery(profileQueries.me());
  const profile: ProfileUser | null = fresh.data ?? sessionUser;
  const [editing, setEditing] = useState(false);
  useDocumentMeta(t('account.title'), t('account.description'));
  const afterUpdate = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: profileKeys.me() }), reloadUser()]);
  };
  return (
    <PageFrame
      title={t('account.title')}
      description={t('account.description')}
      width="medium"
      testId="admin-profile-page"
      actions={
        profile?.userId && (
          <button type="button" onClick={() => setEditing(true)} className={buttonClass('secondary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t('updateProfile')}
          </button>
        )
      }
    >
      <div className="space-y-6">
        {profile && (
          <section className="flex flex-wrap items-center gap-4 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <Img
              src={profile.avatar}
              fallback={AVATAR_PLACEHOLDER}
              alt={personName(profile, i18n.language) || profile.username}
              className="size-16 rounded-full object-cover"
            />
            <div className="min-w-0">
              <p className="text-lg font-bold break-words text-slate-900">
                {personName(profile, i18n.language) || profile.username}
              </p>
              <p className="text-sm break-all text-slate-600">
                @{profile.username} · {profile.email}
              </p>
            </div>
          </section>
        )}
        {profile && <AccountSecurity userInputs={[profile.username ?? '', profile.email ?? ''].filter(Boolean)} />}
        {profile?.username && <PersonalData username={profile.username} />}
      </div>
      {profile?.userId && (
        <UpdateProfileDialog user={profile} open={editing} onOpenChange={setEditing} onUpdated={afterUpdate} />
      )}
    </PageFrame>
  );
}
