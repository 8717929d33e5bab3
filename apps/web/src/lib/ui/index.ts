export {
  closeModal,
  dismissToast,
  hideLoader,
  openModal,
  preloadModal,
  registerModalPreloader,
  showLoader,
  showToast,
  uiStore,
  useLoaderVisible,
  useModal,
  useToasts,
} from './store.ts';
export type { ModalName, ModalProps, OpenModal, Toast, ToastTone } from './store.ts';
