import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedInSession } from '../../layouts/persona-layout.tsx';

/** True once the signed-in owner's estate is active: their screens offer no way to change it (ADR 0074). */
export function useEstateFrozen(): boolean {
  return useSignedInSession().user.estateActivatedAt !== null;
}

/** Adds, edits, deletes and shares of an owner screen: gone once the estate is active. */
export function WhileEditable({ children }: { children: ReactNode }) {
  return useEstateFrozen() ? null : children;
}

/** A screen that only adds something (create a memory, add a beneficiary): once the estate is active, its list instead. */
export function AddingScreen({ list, children }: { list: string; children: ReactNode }) {
  return useEstateFrozen() ? <Navigate to={list} replace /> : children;
}

/** Forms of an owner screen (estate settings, safeguards, check-in): still shown once the estate is active, every control disabled. */
export function DisabledWhenFrozen({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <fieldset disabled={useEstateFrozen()} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}
