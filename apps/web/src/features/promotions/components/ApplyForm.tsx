import { APPLICATION_COMMENT_MAX, APPLICATION_MAX_IMAGES, type PublicPromotion } from '@app/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Icon, Spinner } from '../../../components/ui/index.ts';
import { checkImage, uploadImage } from '../../../lib/api/index.ts';
import { showToast } from '../../../lib/ui/index.ts';
import { useApply } from '../api/promotions.ts';
import type { PromotionsT } from '../hooks/usePromotionsText.ts';

type Picked = { key: number; name: string; url: string; id: string | null; failed: boolean };

/**
 * An activity application (spec §5, decision 086): a comment of at most 140 characters and at most
 * 3 png or jpg images of at most 5 MB each, with the spec's messages. Each image is checked here by
 * its bytes and size, then uploaded (the server judges it again) and shown as a thumbnail.
 */
export function ApplyForm({ p, t }: { p: PublicPromotion; t: PromotionsT }) {
  const commentId = useId();
  const inputId = useId();
  const [comment, setComment] = useState('');
  const [images, setImages] = useState<Picked[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [commentError, setCommentError] = useState<string | null>(null);
  const next = useRef(0);
  const apply = useApply();
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const held = urls.current;
    return () => held.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const onFiles = async (files: File[]) => {
    setImageError(null);
    const room = APPLICATION_MAX_IMAGES - images.length;
    if (files.length > room) setImageError(t('pr_img_too_many'));
    for (const file of files.slice(0, Math.max(room, 0))) {
      const problem = await checkImage(file);
      if (problem) {
        setImageError(t(problem === 'tooLarge' ? 'pr_img_too_large' : 'pr_img_bad_type'));
        continue;
      }
      const key = ++next.current;
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      setImages((list) => [...list, { key, name: file.name, url, id: null, failed: false }]);
      uploadImage(file, 'promotion_application').then(
        (up) => setImages((list) => list.map((x) => (x.key === key ? { ...x, id: up.id } : x))),
        (e: Error) => {
          setImages((list) => list.map((x) => (x.key === key ? { ...x, failed: true } : x)));
          setImageError(e.message || t('pr_img_failed'));
        },
      );
    }
  };

  const remove = (key: number) =>
    setImages((list) => {
      const gone = list.find((x) => x.key === key);
      if (gone) {
        URL.revokeObjectURL(gone.url);
        urls.current.delete(gone.url);
      }
      return list.filter((x) => x.key !== key);
    });

  const busy = images.some((x) => !x.id && !x.failed);
  const submit = () => {
    const text = comment.trim();
    if (!text) return setCommentError(t('pr_apply_empty'));
    if (text.length > APPLICATION_COMMENT_MAX)
      return setCommentError(t('pr_apply_too_long', { max: APPLICATION_COMMENT_MAX }));
    setCommentError(null);
    apply.mutate(
      { promotionId: p.id, comment: text, imageIds: images.filter((x) => x.id).map((x) => x.id!) },
      {
        onSuccess: () => {
          showToast(t('pr_apply_sent'), 'success');
          setComment('');
          setImages([]);
        },
      },
    );
  };
  const failure = apply.error
    ? apply.error.code === 'APPLICATION_PENDING'
      ? t('pr_err_APPLICATION_PENDING')
      : apply.error.message || t('pr_error')
    : null;

  return (
    <form
      className="promo-apply"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="promotion-apply-form"
    >
      <div className={`field${commentError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={commentId}>
          {t('pr_apply_comment')} <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={commentId}
          className="field__input promo-apply__comment"
          rows={3}
          maxLength={APPLICATION_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={`${commentId}-hint`}
          data-testid="apply-comment"
        />
        <p
          id={`${commentId}-hint`}
          className={commentError ? 'field__error' : 'field__hint'}
          role={commentError ? 'alert' : undefined}
        >
          {commentError ?? t('pr_apply_comment_hint', { n: comment.trim().length, max: APPLICATION_COMMENT_MAX })}
        </p>
      </div>
      <div className={`field${imageError ? ' field--invalid' : ''}`}>
        <span className="field__label">{t('pr_apply_images', { n: images.length, max: APPLICATION_MAX_IMAGES })}</span>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          accept="image/png,image/jpeg"
          aria-invalid={imageError ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            void onFiles(files);
          }}
          data-testid="apply-images"
        />
        <ul className="promo-apply__images" data-testid="apply-thumbs">
          {images.map((x, i) => (
            <li key={x.key} className="promo-apply__thumb" data-ready={x.id ? 'true' : 'false'}>
              <img src={x.url} alt={x.name} />
              {!x.id && !x.failed ? (
                <span className="promo-apply__busy">
                  <Spinner size="sm" decorative />
                </span>
              ) : null}
              <button
                type="button"
                className="promo-apply__remove"
                aria-label={t('pr_apply_remove', { n: i + 1 })}
                onClick={() => remove(x.key)}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
          <li>
            {/* Always offered: choosing a 4th image answers the spec's message. */}
            <label className="promo-apply__add" htmlFor={inputId}>
              <Icon name="download" size={18} />
              <span>{t('pr_apply_choose')}</span>
            </label>
          </li>
        </ul>
        <p
          id={`${inputId}-hint`}
          className={imageError ? 'field__error' : 'field__hint'}
          role={imageError ? 'alert' : undefined}
          data-testid="apply-images-hint"
        >
          {imageError ?? t('pr_apply_images_hint')}
        </p>
      </div>
      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <Button type="submit" loading={apply.isPending} disabled={busy} data-testid="promotion-apply">
        {t('pr_apply')}
      </Button>
    </form>
  );
}
