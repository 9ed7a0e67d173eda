import { queryOptions } from '@tanstack/react-query';
import { fetchCategories } from './categories';
import { categoryKeys } from './keys';

export const categoryQueries = {
  list: () => queryOptions({ queryKey: categoryKeys.list(), queryFn: ({ signal }) => fetchCategories(signal) }),
};
