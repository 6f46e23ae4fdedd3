import { useQuery } from '@tanstack/react-query';
import { questionQuery } from '../../../lib/today-question';

export const useQuestion = (id: number) => useQuery(questionQuery(id));
