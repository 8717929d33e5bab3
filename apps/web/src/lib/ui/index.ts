export {
  closeModal,
  dismissToast,
  hideLoader,
  openModal,
  showLoader,
  showToast,
  uiStore,
  useLoaderVisible,
  useModal,
  useToasts,
} from './store.ts';
export type { ModalName, ModalProps, OpenModal, Toast, ToastTone } from './store.ts';
