import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../components/ui/index.ts';
import { loadChunk } from '../lib/chunks.ts';
import { closeModal, registerModalPreloader, showToast, useModal, type ModalName } from '../lib/ui/index.ts';

/* Every popup is its own chunk: forms (react-hook-form, resolvers) never weigh on the home page. */
const loaders = {
  login: () => import('../features/auth/components/LoginModal.tsx').then((m) => ({ default: m.LoginModal })),
  register: () => import('../features/auth/components/RegisterModal.tsx').then((m) => ({ default: m.RegisterModal })),
  forgotPassword: () =>
    import('../features/auth/components/ForgotPasswordModal.tsx').then((m) => ({ default: m.ForgotPasswordModal })),
  changePassword: () =>
    import('../features/auth/components/ChangePasswordModal.tsx').then((m) => ({ default: m.ChangePasswordModal })),
  verifyLogin: () =>
    import('../features/auth/components/VerifyLoginModal.tsx').then((m) => ({ default: m.VerifyLoginModal })),
  help: () => import('../features/help/HelpModal.tsx').then((m) => ({ default: m.HelpModal })),
  confirmLogout: () =>
    import('../features/session/components/ConfirmLogoutModal.tsx').then((m) => ({ default: m.ConfirmLogoutModal })),
  trialAccount: () =>
    import('../features/session/components/TrialAccountModal.tsx').then((m) => ({ default: m.TrialAccountModal })),
  switchAccount: () =>
    import('../features/session/components/SwitchAccountModal.tsx').then((m) => ({ default: m.SwitchAccountModal })),
  vendorGames: () =>
    import('../features/lobby/components/VendorGamesModal.tsx').then((m) => ({ default: m.VendorGamesModal })),
  announcements: () =>
    import('../features/lobby/components/AnnouncementPopup.tsx').then((m) => ({ default: m.AnnouncementPopup })),
  notices: () =>
    import('../features/lobby/components/NoticeListModal.tsx').then((m) => ({ default: m.NoticeListModal })),
  redEnvelopes: () =>
    import('../features/agent/components/RedEnvelopeInboxModal.tsx').then((m) => ({
      default: m.RedEnvelopeInboxModal,
    })),
  supportChat: () =>
    import('../features/support/components/ChatRoomModal.tsx').then((m) => ({ default: m.ChatRoomModal })),
} satisfies Record<ModalName, () => Promise<{ default: ComponentType<never> }>>;

type AnyModal = ComponentType<Record<string, unknown> & { onClose: () => void }>;

const lazyModals = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [
    name,
    lazy(() => loadChunk(load as () => Promise<{ default: AnyModal }>)),
  ]),
) as unknown as Record<ModalName, AnyModal>;

const preloaded = new Set<ModalName>();
registerModalPreloader((name) => {
  if (preloaded.has(name)) return;
  preloaded.add(name);
  loaders[name]().catch(() => preloaded.delete(name));
});

/** A modal chunk that fails to load closes the modal and says so, instead of breaking the page. */
class ModalBoundary extends Component<{ children: ReactNode; onError: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Routes that exist only to open a popup over the home page; closing it goes home. */
const POPUP_ROUTES: Partial<Record<ModalName, string>> = { help: '/help', register: '/register' };

export function ModalHost() {
  const { t } = useTranslation();
  const modal = useModal();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!modal) return null;

  const onClose = () => {
    closeModal(modal.name);
    if (POPUP_ROUTES[modal.name] === pathname) void navigate('/', { replace: true });
  };
  const Modal = lazyModals[modal.name];

  return (
    <ModalBoundary
      key={modal.name}
      onError={() => {
        closeModal(modal.name);
        showToast(t('chunk_load_failed'), 'error');
      }}
    >
      <Suspense
        fallback={
          <div className="modal-loading">
            <Spinner size="lg" />
          </div>
        }
      >
        <Modal {...modal.props} onClose={onClose} />
      </Suspense>
    </ModalBoundary>
  );
}
