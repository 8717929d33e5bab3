import { AVATARS, profileBody, type SecurityValue } from '@app/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useBrandTime } from '../../../../lib/format/useBrandTime.ts';
import { Avatar, Button, Icon, Input, Modal } from '../../../../components/ui/index.ts';
import { useSession } from '../../../../lib/session/index.ts';
import { showToast } from '../../../../lib/ui/index.ts';
import { useSetAvatar } from '../../api/avatar.ts';
import { useUpdateProfile } from '../../api/profile.ts';
import { applyApiError } from '../../../../lib/forms/applyApiError.ts';
import { contractResolver } from '../../../../lib/forms/contractResolver.ts';
import { useFormMessages } from '../../../../lib/forms/messages.ts';
import { useAuthMessages } from '../../hooks/messages.ts';

function AvatarPicker({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useAuthMessages();
  const save = useSetAvatar();
  const choose = async (avatar: string) => {
    try {
      await save.mutateAsync({ body: { avatar } });
      showToast(t('sc_avatar_saved'), 'success');
      onClose();
    } catch (error) {
      showToast(messages.error(error), 'error');
    }
  };
  return (
    <Modal open onClose={onClose} title={t('sc_avatar_choose')} size="sm" testId="avatar-picker">
      <ul className="sc-avatars">
        {AVATARS.map((a, i) => (
          <li key={a}>
            <button
              type="button"
              className={`sc-avatars__btn${a === current ? ' sc-avatars__btn--on' : ''}`}
              aria-pressed={a === current}
              aria-label={t('sc_avatar_n', { n: String(i + 1) })}
              onClick={() => void choose(a)}
              disabled={save.isPending}
            >
              <Avatar avatar={a} size={52} />
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The profile body; an empty nickname leaves it as it is (the form does not send it). */
const profileForm = profileBody.extend({ nickname: z.string().trim().max(24) });

/** Who the member is: avatar, account, user id, nickname; real name and birthday set once. */
export function ProfileCard({ security }: { security: SecurityValue }) {
  const { t } = useTranslation();
  const brandTime = useBrandTime();
  const messages = useAuthMessages();
  const { memberInfo } = useSession();
  const [picking, setPicking] = useState(false);
  const update = useUpdateProfile();
  const formMessages = useFormMessages();
  const form = useForm({
    resolver: contractResolver(profileForm, formMessages.message),
    values: {
      nickname: security.nickname ?? '',
      payeeName: security.payeeName ?? '',
      birthday: security.birthday ?? '',
    },
  });
  const submit = form.handleSubmit(async (v) => {
    try {
      await update.mutateAsync({
        body: {
          ...(v.nickname ? { nickname: v.nickname } : {}),
          ...(!security.payeeName && v.payeeName ? { payeeName: v.payeeName } : {}),
          ...(!security.birthday && v.birthday ? { birthday: v.birthday } : {}),
        },
      });
      showToast(t('sc_saved'), 'success');
    } catch (error) {
      const message = messages.error(error);
      const fieldNames = ['nickname', 'payeeName', 'birthday'] as const;
      const rest = applyApiError(error, fieldNames, form.setError, message, {
        fields: messages.fields(error),
        message,
      });
      if (rest) showToast(rest, 'error');
    }
  });
  const previous = memberInfo?.previousLogin;
  const when = brandTime.dateTime;

  return (
    <section className="sc-card sc-profile" aria-labelledby="sc-profile-title">
      <div className="sc-profile__head">
        <button
          type="button"
          className="sc-profile__avatar"
          onClick={() => setPicking(true)}
          aria-label={t('sc_avatar_choose')}
          data-testid="avatar-edit"
        >
          <Avatar avatar={security.avatar} size={72} label={memberInfo?.vipLabelName ?? null} />
          <span className="sc-profile__edit" aria-hidden="true">
            <Icon name="edit" size={14} />
          </span>
        </button>
        <div>
          <h2 id="sc-profile-title" className="sc-profile__name">
            {security.nickname || security.account}
          </h2>
          <p className="sc-profile__meta">
            {t('sc_account')}: <strong>{security.account}</strong> · {t('user_id')}:{' '}
            <strong>{memberInfo?.id ?? '—'}</strong>
          </p>
          <p className="sc-profile__meta" data-testid="previous-login">
            {t('sc_previous_login')}: {previous ? `${when(previous.at)} · ${previous.ip}` : t('sc_never')}
          </p>
        </div>
      </div>
      <form className="sc-profile__form" onSubmit={(e) => void submit(e)} noValidate>
        <Input
          label={t('sc_nickname')}
          placeholder={t('sc_nickname_placeholder')}
          maxLength={24}
          icon="user"
          error={form.formState.errors.nickname?.message}
          {...form.register('nickname')}
        />
        <Input
          label={t('payee_name')}
          icon="receipt"
          readOnly={!!security.payeeName}
          hint={security.payeeName ? t('sc_set_once') : t('payee_name_hint')}
          error={form.formState.errors.payeeName?.message}
          {...form.register('payeeName')}
        />
        <Input
          label={t('sc_birthday')}
          placeholder="yyyy-MM-dd"
          icon="clock"
          readOnly={!!security.birthday}
          hint={security.birthday ? t('sc_set_once') : undefined}
          error={form.formState.errors.birthday?.message}
          {...form.register('birthday')}
        />
        <div className="sc-profile__actions">
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {t('sc_save')}
          </Button>
        </div>
      </form>
      {picking ? <AvatarPicker current={security.avatar} onClose={() => setPicking(false)} /> : null}
    </section>
  );
}
