import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/ui/load-error';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { homeQueries } from '../api/queries';
import { AboutSkills } from '../components/about-skills';
import { AdmissionSection } from '../components/admission-section';
import { BlogPosts } from '../components/blog-posts';
import { CategoriesGrid } from '../components/categories-grid';
import { CourseCarouselSection, PopularCourses } from '../components/course-sections';
import { Hero } from '../components/hero';
import { InstructorCall } from '../components/instructor-call';
import { InstructorShowcase } from '../components/instructor-showcase';
import { Newsletter } from '../components/newsletter';
import { Promo } from '../components/promo';
import { StatsBand } from '../components/stats-band';
import { Testimonials } from '../components/testimonials';
import { WhyChooseUs } from '../components/why-choose-us';

/** The home page, every section in order, its lists from one `GET /api/home`. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  useDocumentMeta(t('meta.title'), t('meta.description'));
  const home = useQuery(homeQueries.page());
  const data = home.data;
  const loading = home.isPending;

  return (
    <div data-testid="home">
      <Hero />
      <InstructorCall />
      <Promo />
      <AboutSkills />
      <PopularCourses courses={data?.popularCourses ?? []} loading={loading} />
      {home.isError && !data && (
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-6">
          <LoadError onRetry={() => void home.refetch()} />
        </div>
      )}
      <CourseCarouselSection
        sectionKey="bestSelling"
        courses={data?.bestSellingCourses ?? []}
        loading={loading}
        tinted
      />
      <CourseCarouselSection sectionKey="bestRated" courses={data?.bestRatedCourses ?? []} loading={loading} />
      <CourseCarouselSection sectionKey="topPopular" courses={data?.topPopularCourses ?? []} loading={loading} tinted />
      <CourseCarouselSection sectionKey="free" courses={data?.freeCourses ?? []} loading={loading} />
      <CategoriesGrid categories={data?.categories ?? []} />
      <WhyChooseUs />
      <InstructorShowcase instructors={data?.instructors ?? []} loading={loading} />
      <StatsBand />
      <Testimonials testimonials={data?.testimonials ?? []} />
      <AdmissionSection />
      <Newsletter />
      <BlogPosts posts={data?.posts ?? []} />
    </div>
  );
}
