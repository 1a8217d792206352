import { createContext } from 'react';

export type ToastInput = { readonly title?: string; readonly message: string; readonly tone?: 'error' | 'info' | 'success' };
export type ShowToast = (t: ToastInput) => void;

export const ToastContext = createContext<ShowToast>(() => undefined);
