import {
  FEEDBACK_DESCRIPTION_MAX,
  FEEDBACK_DESCRIPTION_MIN,
  FEEDBACK_MAX_IMAGES,
  FEEDBACK_TYPES,
  type FeedbackType,
} from '@app/contract';
import { useId, useState } from 'react';
import { Button, EmptyState, Icon } from '../../../components/ui/index.ts';
import { useBrandTime } from '../../../lib/format/useBrandTime.ts';
import { useMyFeedback, useSendFeedback } from '../api/feedback.ts';
import { useWalletText } from '../hooks/useWalletText.ts';
import { Card, ErrorNote, Loading, Money, Pager, shortTime } from './parts.tsx';
import { ProofUpload } from './ProofUpload.tsx';
import './wallet.css';

const STATUS_TONE = { pending: 'wait', replied: 'info', accepted: 'good', rejected: 'bad' } as const;

type Errors = Partial<Record<'questionType' | 'description' | 'images', string>>;

/**
 * Feedback (issue 20, spec §3 question type and content description): a question type, a
 * description and up to 3 png or jpg images of at most 5 MB; the answers arrive in messageV2 and
 * show here under the member's feedback.
 */
export function FeedbackPage() {
  const { t, ready } = useWalletText();
  const { timeZone, language } = useBrandTime();
  const descriptionId = useId();
  const [questionType, setQuestionType] = useState<FeedbackType | ''>('');
  const [description, setDescription] = useState('');
  const [slots, setSlots] = useState<(string | null)[]>([null]);
  const [errors, setErrors] = useState<Errors>({});
  const [page, setPage] = useState(1);
  const [sent, setSent] = useState(false);
  // Each slot's own key, so removing one keeps the others' file inputs.
  const [keys, setKeys] = useState<number[]>([0]);
  const send = useSendFeedback();
  const mine = useMyFeedback(page);
  if (!ready) return <Loading t={t} />;

  const images = slots.filter((s): s is string => !!s);
  const submit = () => {
    const text = description.trim();
    const bad: Errors = {};
    if (!questionType) bad.questionType = t('fb_type_choose');
    if (!text) bad.description = t('fb_empty');
    else if (text.length < FEEDBACK_DESCRIPTION_MIN)
      bad.description = t('fb_too_short', { min: FEEDBACK_DESCRIPTION_MIN });
    setErrors(bad);
    if (Object.keys(bad).length || !questionType) return;
    send.mutate(
      { questionType, description: text, imageIds: images },
      {
        onSuccess: () => {
          setSent(true);
          setQuestionType('');
          setDescription('');
          setSlots([null]);
          setKeys((k) => [Math.max(...k) + 1]);
          setPage(1);
        },
      },
    );
  };

  return (
    <div className="wallet-page" data-testid="feedback-page">
      <Card title={t('fb_title')} icon="message">
        <p className="wallet-note">{t('fb_intro')}</p>
        <form
          className="wallet-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSent(false);
            submit();
          }}
        >
          <label className={`wallet-select${errors.questionType ? ' field--invalid' : ''}`}>
            <span>
              {t('fb_type')} <span aria-hidden="true">*</span>
            </span>
            <select
              value={questionType}
              onChange={(e) => setQuestionType(e.target.value as FeedbackType)}
              aria-invalid={errors.questionType ? true : undefined}
              data-testid="feedback-type"
            >
              <option value="">{t('fb_type_choose')}</option>
              {FEEDBACK_TYPES.map((x) => (
                <option key={x} value={x}>
                  {t(`fb_type_${x}`)}
                </option>
              ))}
            </select>
            {errors.questionType ? (
              <span className="field__error" role="alert">
                {errors.questionType}
              </span>
            ) : null}
          </label>
          <div className={`field${errors.description ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={descriptionId}>
              {t('fb_description')} <span aria-hidden="true">*</span>
            </label>
            <textarea
              id={descriptionId}
              className="field__input wallet-textarea"
              rows={5}
              maxLength={FEEDBACK_DESCRIPTION_MAX}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={`${descriptionId}-hint`}
              data-testid="feedback-description"
            />
            <p
              id={`${descriptionId}-hint`}
              className={errors.description ? 'field__error' : 'field__hint'}
              role={errors.description ? 'alert' : undefined}
            >
              {errors.description ??
                t('fb_description_hint', {
                  min: FEEDBACK_DESCRIPTION_MIN,
                  max: FEEDBACK_DESCRIPTION_MAX,
                  n: description.trim().length,
                })}
            </p>
          </div>
          <div className="wallet-feedback__images">
            <p className="field__label">{t('fb_images', { n: images.length, max: FEEDBACK_MAX_IMAGES })}</p>
            {slots.map((_, i) => (
              <div key={keys[i]} className="wallet-feedback__slot">
                <ProofUpload
                  purpose="feedback"
                  t={t}
                  testId={`feedback-image-${i}`}
                  onUploaded={(id) => setSlots((s) => s.map((v, j) => (j === i ? id : v)))}
                />
                {slots.length > 1 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={t('fb_remove_image')}
                    onClick={() => {
                      setSlots((s) => s.filter((__, j) => j !== i));
                      setKeys((k) => k.filter((__, j) => j !== i));
                    }}
                  >
                    <Icon name="close" size={16} />
                  </Button>
                ) : null}
              </div>
            ))}
            {slots.length < FEEDBACK_MAX_IMAGES ? (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => {
                  setSlots((s) => [...s, null]);
                  setKeys((k) => [...k, Math.max(...k) + 1]);
                }}
                data-testid="feedback-add-image"
              >
                {t('fb_add_image')}
              </Button>
            ) : (
              <p className="field__hint">{t('fb_too_many')}</p>
            )}
          </div>
          {send.error ? (
            <p className="field__error" role="alert">
              {send.error.message}
            </p>
          ) : null}
          {sent ? (
            <p className="wallet-note" role="status" data-testid="feedback-sent">
              {t('fb_sent')}
            </p>
          ) : null}
          <Button type="submit" loading={send.isPending} data-testid="feedback-send">
            {t('fb_send')}
          </Button>
        </form>
      </Card>

      <Card title={t('fb_history')} icon="receipt">
        {mine.isPending ? (
          <Loading t={t} />
        ) : mine.isError ? (
          <ErrorNote message={mine.error.message} onRetry={() => void mine.refetch()} t={t} />
        ) : !mine.data.list.length ? (
          <EmptyState icon="message" title={t('fb_none')} compact />
        ) : (
          <>
            <ul className="wallet-list" data-testid="feedback-list">
              {mine.data.list.map((f) => (
                <li key={f.id} className="wallet-feedback" data-status={f.status}>
                  <div className="wallet-feedback__head">
                    <strong>{t(`fb_type_${f.questionType}`)}</strong>
                    <span className={`wallet-badge wallet-badge--${STATUS_TONE[f.status]}`}>
                      {t(`fb_status_${f.status}`)}
                    </span>
                  </div>
                  <p className="wallet-feedback__text">{f.description}</p>
                  <span className="wallet-row__meta">
                    {shortTime(f.createdAt, timeZone, language)}
                    {f.images.length ? ` · ${t('fb_images_n', { n: f.images.length })}` : ''}
                  </span>
                  {f.reply ? (
                    <div className="wallet-feedback__reply" data-testid="feedback-reply">
                      <span className="wallet-row__meta">{t('fb_reply')}</span>
                      <p>{f.reply}</p>
                      {f.reward !== '0' ? (
                        <p>
                          {t('fb_reward')} <Money minor={f.reward} />
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={mine.data.totalPages} onPage={setPage} t={t} />
          </>
        )}
      </Card>
    </div>
  );
}
