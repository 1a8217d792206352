import { useContext } from 'react';
import { type ShowToast, ToastContext } from './toastContext';

/** Shows a toast (the product's banners and error toasts). */
export const useToast = (): ShowToast => useContext(ToastContext);
