import { useCallback, useState } from 'react';

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().replaceAll('-', '')
    : `${Date.now()}${Math.random()}`.replace(/\D/g, '');

/**
 * One id per intended operation: a retried submit (double click, network hiccup) sends the same
 * id and the server moves the money once; a new operation gets a new id after success.
 */
export const useRequestId = (): [string, () => void] => {
  const [id, setId] = useState(newId);
  return [id, useCallback(() => setId(newId()), [])];
};
