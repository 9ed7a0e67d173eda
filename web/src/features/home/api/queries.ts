import { queryOptions } from '@tanstack/react-query';
import { fetchHome, firstHome } from './home';
import { homeKeys } from './keys';

export const homeQueries = {
  page: () =>
    queryOptions({ queryKey: homeKeys.page(), queryFn: ({ signal }) => fetchHome(signal), initialData: firstHome }),
};
