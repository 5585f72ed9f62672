import { useCallback, useEffect, useState } from 'react';
import { fetchJson, TOKEN_KEY, type Envelope } from '../../../dataProvider/httpClient';
import { session, type AuthUser } from '../../../authProvider/storage';
import { API_URL } from '../../config';

/** The accounts calls of the console (spec 000 section 7, plus our session and forgot-password paths). */
export interface LoginHistoryRow {
  user_login_id: number;
  user_login_date: string;
  user_login_username: string;
  user_login_ip: string;
  user_login_browser: string;
}

export interface ActiveSession {
  session_id: string;
  session_browser: string;
  session_ip: string;
  session_started: string;
  session_last_used: string;
  session_current: boolean;
}

export type ProfileUser = AuthUser & {
  user_email?: string;
  user_phone?: string;
  user_designation?: { designation_id: number; designation_name: string };
};

const json = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export const accountsApi = {
  async me() {
    return (await fetchJson(`${API_URL}/users/get-auth-user`)).json.data as ProfileUser;
  },
  /** This month's successful sign-ins of the signed-in user, newest first, at most 50. */
  async historyThisMonth(now = new Date()) {
    const from = ymd(new Date(now.getFullYear(), now.getMonth(), 1));
    const to = ymd(new Date(now.getFullYear(), now.getMonth() + 1, 0));
    const q = new URLSearchParams({ from_date: from, to_date: to, status: '1', limit: '50' });
    return (await fetchJson(`${API_URL}/users/user-login-history/?${q.toString()}`)).json.data as LoginHistoryRow[];
  },
  async sessions() {
    return (await fetchJson(`${API_URL}/users/user-session-list`)).json.data as ActiveSession[];
  },
  async endSession(id: string) {
    return (await fetchJson(`${API_URL}/users/user-session-delete/${encodeURIComponent(id)}`, { method: 'DELETE' })).json;
  },
  async endOtherSessions() {
    return (await fetchJson(`${API_URL}/users/user-session-delete-others`, { method: 'DELETE' })).json;
  },
  async changePassword(values: { verify_email: string; current_password: string; new_password: string; c_password: string }) {
    return (await fetchJson(`${API_URL}/users/reset-password`, json('POST', values))).json;
  },
  async requestCode(email: string) {
    return (await fetchJson(`${API_URL}/reset-password-verify/`, json('POST', { email }))).json;
  },
  async verifyCode(email: string, otp: string) {
    return (await fetchJson(`${API_URL}/reset-password-otp/`, json('POST', { email, otp }))).json as Envelope<{ token: string }>;
  },
  async setNewPassword(token: string, new_password: string, c_password: string) {
    return (await fetchJson(`${API_URL}/reset-password-new/`, json('POST', { token, new_password, c_password }))).json;
  },
};

/**
 * Uploads the picture with XMLHttpRequest, the one browser API that reports upload progress.
 * Resolves with the updated user, rejects with the server's message.
 */
export function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<ProfileUser> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_URL}/users/change-profile-picture`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('access-token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => {
      reject(new Error('ra.notification.http_error'));
    };
    xhr.onload = () => {
      let body: Envelope<ProfileUser> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Envelope<ProfileUser>;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.status === 1) resolve(body.data);
      else reject(new Error(body?.message ?? xhr.statusText));
    };
    const form = new FormData();
    form.append('user_picture', file);
    xhr.send(form);
  });
}

/** Stores an updated user without touching the token or the permission slugs. */
export function rememberUser(user: ProfileUser) {
  session.save({ ...user, permissions: session.permissions() });
}

/** A small loader: the value, whether it failed, and a reload. */
export function useLoad<T>(load: () => Promise<T>) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    load().then(
      (data) => {
        if (live) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (live) setState({ error, loading: false });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a module-level function per caller; only an explicit reload runs it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);
  const reload = useCallback(() => {
    setRound((r) => r + 1);
  }, []);
  return { ...state, reload };
}
